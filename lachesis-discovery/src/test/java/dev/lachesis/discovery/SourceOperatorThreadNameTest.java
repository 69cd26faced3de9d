package dev.lachesis.discovery;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.core.model.ThreadKind;
import org.junit.jupiter.api.Test;

class SourceOperatorThreadNameTest {
    @Test
    void readsReaderThreadsOfStormAndFlinkSources() {
        // Names the source-operators ITs saw: a Storm file spout (task id 3), a Flink file source (subtask 0).
        assertThat(SourceOperatorThreadName.parse("lachesis-source-reader-source-3"))
                .contains(new SourceOperatorThreadName(ThreadKind.SOURCE_READER, "source", 3));
        assertThat(SourceOperatorThreadName.parse("lachesis-source-reader-file-0"))
                .contains(new SourceOperatorThreadName(ThreadKind.SOURCE_READER, "file", 0));
    }

    @Test
    void offsetPollersAreOtherThreadsAndComponentsMayHoldDashesAndSpaces() {
        assertThat(SourceOperatorThreadName.parse("lachesis-source-offsets-kafka-12"))
                .contains(new SourceOperatorThreadName(ThreadKind.OTHER, "kafka", 12));
        assertThat(SourceOperatorThreadName.parse("lachesis-source-offsets-Source: sensor-readings-1"))
                .contains(new SourceOperatorThreadName(ThreadKind.OTHER, "Source: sensor-readings", 1));
        assertThat(SourceOperatorThreadName.parse("lachesis-source-reader-file-2-0"))
                .contains(new SourceOperatorThreadName(ThreadKind.SOURCE_READER, "file-2", 0));
    }

    @Test
    void otherNamesAreNotSourceThreads() {
        assertThat(SourceOperatorThreadName.parse("lachesis-source-reader-file")).isEmpty();
        assertThat(SourceOperatorThreadName.parse("lachesis-source-reader--0")).isEmpty();
        assertThat(SourceOperatorThreadName.parse("lachesis-source-writer-file-0")).isEmpty();
        assertThat(SourceOperatorThreadName.parse("Thread-38-source-executor[3, 3]")).isEmpty();
    }
}
