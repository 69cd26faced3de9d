package dev.lachesis.drivers.storm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TopologyIdsTest {
    @Test
    void anIdIsTheNameWithACounterAndASubmissionTime() {
        assertThat(TopologyIds.name("wordcount-1-1795433516")).isEqualTo("wordcount");
        assertThat(TopologyIds.name("etl-v2-17-1795433516")).isEqualTo("etl-v2");
        assertThat(TopologyIds.isIdOf("etl-v2-17-1795433516", "etl-v2")).isTrue();
        assertThat(TopologyIds.isIdOf("etl-v2-17-1795433516", "etl")).isFalse();
    }

    @Test
    void anIdEndsInItsSubmissionTime() {
        assertThat(TopologyIds.submittedAt("etl-2-3-1795433516")).hasValue(1_795_433_516L);
        assertThat(TopologyIds.submittedAt("wordcount")).isEmpty();
        assertThat(TopologyIds.submittedAt("wordcount-1-99999999999999999999")).as("not a time").isEmpty();
    }

    @Test
    void aNameEndingInDigitsIsReadWhole() {
        assertThat(TopologyIds.name("etl-2-3-1795433516")).isEqualTo("etl-2");
        assertThat(TopologyIds.isIdOf("etl-2-3-1795433516", "etl-2")).isTrue();
        assertThat(TopologyIds.isIdOf("etl-2-3-1795433516", "etl")).isFalse();
    }

    @Test
    void aNameIsNoIdOfItself() {
        assertThat(TopologyIds.name("wordcount")).isEqualTo("wordcount");
        assertThat(TopologyIds.name("wordcount-1795433516")).isEqualTo("wordcount-1795433516");
        assertThat(TopologyIds.name("wordcount--1795433516")).isEqualTo("wordcount--1795433516");
        assertThat(TopologyIds.name("wordcount-1-")).isEqualTo("wordcount-1-");
        assertThat(TopologyIds.isIdOf("wordcount", "wordcount")).isFalse();
        assertThat(TopologyIds.isIdOf("wordcount-x-1795433516", "wordcount")).isFalse();
    }

    @Test
    void dotsInANameAreLiteral() {
        assertThat(TopologyIds.isIdOf("axb-1-1795433516", "a.b")).isFalse();
        assertThat(TopologyIds.isIdOf("a.b-1-1795433516", "a.b")).isTrue();
    }
}
