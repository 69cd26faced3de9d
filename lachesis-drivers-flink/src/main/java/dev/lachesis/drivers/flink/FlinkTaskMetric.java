package dev.lachesis.drivers.flink;

import dev.lachesis.core.metric.MetricNames;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The subtask metrics of Flink 1.20 and 2.x the driver reads, by their names in Flink's metric
 * system: task metrics, and one metric of a source's operator ({@link #SOURCE_QUEUE_SIZE}). Counters are cumulative (the Graphite reporter sends them with a {@code .count}
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
    BACK_PRESSURED_MS_PER_SECOND("backPressuredTimeMsPerSecond", false),
    /**
     * Records waiting inside a source from {@code source-operators} (a gauge on the source reader's
     * metric group): a metric of the vertex's head operator, not of the task, so it is found under
     * {@code metrics.scope.operator} in Graphite and under the operator's name in REST.
     */
    SOURCE_QUEUE_SIZE(MetricNames.SOURCE_QUEUE, false, true);

    /** Flink cuts operator names to this many characters in metric scopes (checked on 1.20.5 and 2.2.0). */
    static final int MAX_OPERATOR_NAME_LENGTH = 80;

    private final String flinkName;
    private final boolean counter;
    private final boolean ofSourceOperator;

    FlinkTaskMetric(String flinkName, boolean counter) {
        this(flinkName, counter, false);
    }

    FlinkTaskMetric(String flinkName, boolean counter, boolean ofSourceOperator) {
        this.flinkName = flinkName;
        this.counter = counter;
        this.ofSourceOperator = ofSourceOperator;
    }

    /** The metrics of the task (a subtask's whole chain). */
    static List<FlinkTaskMetric> taskMetrics() {
        return Arrays.stream(values()).filter(m -> !m.ofSourceOperator).toList();
    }

    /** The metrics of a source vertex's head operator (the source). */
    static List<FlinkTaskMetric> sourceOperatorMetrics() {
        return Arrays.stream(values()).filter(m -> m.ofSourceOperator).toList();
    }

    /** An operator's name as Flink's metric scopes carry it: its first {@value #MAX_OPERATOR_NAME_LENGTH} characters. */
    static String operatorNameInMetrics(String operatorName) {
        return operatorName.length() > MAX_OPERATOR_NAME_LENGTH ? operatorName.substring(0, MAX_OPERATOR_NAME_LENGTH)
                : operatorName;
    }

    /** The name in Flink's metric system, as REST lists it. */
    String flinkName() {
        return flinkName;
    }

    boolean isCounter() {
        return counter;
    }

    /** Whether this is a metric of a source vertex's head operator rather than of the task. */
    boolean isOfSourceOperator() {
        return ofSourceOperator;
    }

    /** The trailing nodes of its Graphite series name: counters gain {@code .count}. */
    String graphiteSuffix() {
        return counter ? flinkName + ".count" : flinkName;
    }

    /** The metric among {@code candidates} whose Graphite suffix is {@code suffix}. */
    static Optional<FlinkTaskMetric> fromGraphiteSuffix(List<FlinkTaskMetric> candidates, String suffix) {
        for (FlinkTaskMetric m : candidates) {
            if (m.graphiteSuffix().equals(suffix)) {
                return Optional.of(m);
            }
        }
        return Optional.empty();
    }
}
