package dev.lachesis.drivers.flink;

import java.util.Optional;

/**
 * The task (subtask) metrics of Flink 1.20 and 2.x the driver reads, by their names in Flink's
 * metric system. Counters are cumulative (the Graphite reporter sends them with a {@code .count}
 * suffix); gauges are instantaneous. Queue gauges count network buffers ({@code …QueueLength}) and
 * their bytes ({@code …QueueSize}); channels inside one TaskManager report their queued buffers
 * under the consumer's {@code inputQueueLength} but 0 bytes and 0 {@code inPoolUsage}. Queue gauges
 * are read under {@code Shuffle.Netty.…}: Flink 1.20 also publishes them as {@code buffers.…}, which
 * Flink 2.x no longer does.
 */
enum FlinkTaskMetric {
    RECORDS_IN("numRecordsIn", true),
    RECORDS_OUT("numRecordsOut", true),
    BYTES_IN("numBytesIn", true),
    BYTES_OUT("numBytesOut", true),
    BUFFERS_IN_LOCAL("numBuffersInLocal", true),
    BUFFERS_IN_REMOTE("numBuffersInRemote", true),
    /** Finished (full) output buffers only: a buffer flushed early keeps filling, so it is counted once. */
    BUFFERS_OUT("numBuffersOut", true),
    INPUT_QUEUE_LENGTH("Shuffle.Netty.Input.Buffers.inputQueueLength", false),
    INPUT_QUEUE_BYTES("Shuffle.Netty.Input.Buffers.inputQueueSize", false),
    OUTPUT_QUEUE_LENGTH("Shuffle.Netty.Output.Buffers.outputQueueLength", false),
    OUTPUT_QUEUE_BYTES("Shuffle.Netty.Output.Buffers.outputQueueSize", false),
    BUSY_MS_PER_SECOND("busyTimeMsPerSecond", false),
    BACK_PRESSURED_MS_PER_SECOND("backPressuredTimeMsPerSecond", false);

    private final String flinkName;
    private final boolean counter;

    FlinkTaskMetric(String flinkName, boolean counter) {
        this.flinkName = flinkName;
        this.counter = counter;
    }

    /** The name in Flink's metric system, as REST lists it. */
    String flinkName() {
        return flinkName;
    }

    boolean isCounter() {
        return counter;
    }

    /** The trailing nodes of its Graphite series name: counters gain {@code .count}. */
    String graphiteSuffix() {
        return counter ? flinkName + ".count" : flinkName;
    }

    /** The metric whose Graphite suffix is {@code suffix}. */
    static Optional<FlinkTaskMetric> fromGraphiteSuffix(String suffix) {
        for (FlinkTaskMetric m : values()) {
            if (m.graphiteSuffix().equals(suffix)) {
                return Optional.of(m);
            }
        }
        return Optional.empty();
    }
}
