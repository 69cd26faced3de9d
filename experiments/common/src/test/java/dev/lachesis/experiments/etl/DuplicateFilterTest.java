package dev.lachesis.experiments.etl;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DuplicateFilterTest {
    @Test
    void letsAKeyPassOnceAndForgetsItTwoGenerationsLater() {
        DuplicateFilter filter = new DuplicateFilter(100, 1e-6);

        assertThat(filter.firstTime("m1/dust")).isTrue();
        assertThat(filter.firstTime("m1/dust")).isFalse();
        assertThat(filter.firstTime("m1/light")).isTrue();
        for (int i = 2; i <= 199; i++) {
            assertThat(filter.firstTime("m" + i + "/dust")).isTrue();
        }
        assertThat(filter.firstTime("m1/dust")).as("still in the old generation").isFalse();
        filter.firstTime("m200/dust");

        assertThat(filter.firstTime("m1/dust")).as("both generations turned over").isTrue();
    }
}
