package dev.lachesis.drivers.flink;

import dev.lachesis.core.metric.MetricNames;
import dev.lachesis.core.metric.MetricValues;
import dev.lachesis.core.metricsource.SeriesAggregates;
import dev.lachesis.core.spi.DataPoint;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * Turns Flink's raw task metrics into the metrics Lachesis policies read, per subtask (the physical
 * operator, keyed by {@link SubtaskKey#operatorId()}).
 *
 * <p><b>Queue sizes in records.</b> Flink queues serialized records in network buffers (32 KiB
 * memory segments by default) and reports queues in buffers ({@code buffers.inputQueueLength},
 * {@code buffers.outputQueueLength}) and in bytes ({@code buffers.inputQueueSize},
 * {@code buffers.outputQueueSize}). A buffer holds from one record (flushed by the buffer timeout
 * at low load) to hundreds (full, when the consumer is behind), so buffers alone are no measure.
 * The estimate divides by what Flink's own counters imply:
 * <ul>
 *   <li>when the queued bytes are known (non-zero), records = bytes / bytes-per-record, where
 *       bytes-per-record = {@code numBytesIn / numRecordsIn} (input) or
 *       {@code numBytesOut / numRecordsOut} (output) over the window;</li>
 *   <li>otherwise records = buffers × records-per-buffer, where records-per-buffer =
 *       {@code numRecordsIn / (numBuffersInLocal + numBuffersInRemote)} (input) or
 *       {@code numRecordsOut / numBuffersOut} (output) over the window. Channels inside one
 *       TaskManager report queued input buffers but 0 queued bytes, so this is the usual input
 *       case on a single machine.</li>
 * </ul>
 * Ratios use the counters' rates over the window, so they follow the load (a back-pressured
 * channel carries full buffers), and fall back to the counters' totals when nothing moved in the
 * window (a stalled channel still has its queue). Back-pressure and rates alone were not chosen:
 * they say that a queue is full, not how much it holds. A vertex with no input (a source) has an
 * input queue of 0 and one with no output (a sink) an output queue of 0.
 *
 * <p><b>Rates</b> are the counters' increase per second over the window
 * ({@link SeriesAggregates#rate}): processed = {@code numRecordsIn} (a source's = its
 * {@code numRecordsOut}), emitted = {@code numRecordsOut}; arrival is reported as the processed
 * rate, since Flink counts records when they are taken from the input. Processing time per record
 * (ms) = {@code busyTimeMsPerSecond} / processed per second. The share of a second a subtask was
 * blocked on its output ({@code output-blocked-reported}) = {@code backPressuredTimeMsPerSecond} / 1000.
 *
 * <p><b>Source queue</b> ({@code source-queue-size}) is the last value of the gauge of that name
 * that sources from {@code source-operators} publish on their operator, for subtasks of source
 * vertices; a source that publishes none has no value (QS-IO then assumes one). Stateless and
 * thread-safe.
 */
final class FlinkMetricEstimator {
    /** The metrics this estimator can provide. */
    static final Set<String> PROVIDED = Set.of(MetricNames.INPUT_QUEUE, MetricNames.OUTPUT_QUEUE,
            MetricNames.ARRIVAL_RATE, MetricNames.PROCESSED_RATE, MetricNames.EMITTED_RATE,
            MetricNames.PROCESSING_TIME, MetricNames.SOURCE_QUEUE, MetricNames.OUTPUT_BLOCKED_REPORTED);

    private FlinkMetricEstimator() {
    }

    /** The requested metrics for every subtask of the given jobs that has samples. */
    static Map<String, MetricValues> estimate(List<FlinkJob> jobs, TaskSamples samples, Set<String> metrics) {
        Map<String, MetricValues.Builder> builders = new HashMap<>();
        for (String metric : metrics) {
            builders.put(metric, MetricValues.builder());
        }
        for (FlinkJob job : jobs) {
            for (FlinkVertex vertex : job.vertices()) {
                for (int i = 0; i < vertex.parallelism(); i++) {
                    SubtaskKey key = new SubtaskKey(job.id(), vertex.id(), i);
                    Subtask subtask = new Subtask(samples, key);
                    String id = key.operatorId();
                    put(builders, MetricNames.INPUT_QUEUE, id, vertex.isSource() ? OptionalDouble.of(0) : subtask.inputQueue());
                    put(builders, MetricNames.OUTPUT_QUEUE, id, subtask.outputQueue());
                    OptionalDouble processed = vertex.isSource() ? subtask.rate(FlinkTaskMetric.RECORDS_OUT)
                            : subtask.rate(FlinkTaskMetric.RECORDS_IN);
                    put(builders, MetricNames.PROCESSED_RATE, id, processed);
                    put(builders, MetricNames.ARRIVAL_RATE, id, processed);
                    put(builders, MetricNames.EMITTED_RATE, id, subtask.rate(FlinkTaskMetric.RECORDS_OUT));
                    put(builders, MetricNames.PROCESSING_TIME, id, perRecordMillis(subtask.last(FlinkTaskMetric.BUSY_MS_PER_SECOND), processed));
                    put(builders, MetricNames.OUTPUT_BLOCKED_REPORTED, id,
                            share(subtask.last(FlinkTaskMetric.BACK_PRESSURED_MS_PER_SECOND)));
                    if (vertex.isSource()) {
                        put(builders, MetricNames.SOURCE_QUEUE, id, subtask.last(FlinkTaskMetric.SOURCE_QUEUE_SIZE));
                    }
                }
            }
        }
        Map<String, MetricValues> result = new HashMap<>();
        builders.forEach((metric, builder) -> result.put(metric, builder.build()));
        return result;
    }

    private static void put(Map<String, MetricValues.Builder> builders, String metric, String id, OptionalDouble value) {
        MetricValues.Builder builder = builders.get(metric);
        if (builder != null && value.isPresent()) {
            builder.put(id, value.getAsDouble());
        }
    }

    /** Milliseconds per second as a share of the second. */
    private static OptionalDouble share(OptionalDouble millisPerSecond) {
        return millisPerSecond.isPresent() ? OptionalDouble.of(millisPerSecond.getAsDouble() / 1000.0) : millisPerSecond;
    }

    private static OptionalDouble perRecordMillis(OptionalDouble busyMsPerSecond, OptionalDouble recordsPerSecond) {
        if (busyMsPerSecond.isEmpty() || recordsPerSecond.isEmpty() || recordsPerSecond.getAsDouble() <= 0) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(busyMsPerSecond.getAsDouble() / recordsPerSecond.getAsDouble());
    }

    /** One subtask's samples and the estimates made from them. */
    private record Subtask(TaskSamples samples, SubtaskKey key) {
        List<DataPoint> points(FlinkTaskMetric metric) {
            return samples.points(key, metric);
        }

        OptionalDouble last(FlinkTaskMetric metric) {
            return SeriesAggregates.last(points(metric));
        }

        OptionalDouble rate(FlinkTaskMetric metric) {
            return SeriesAggregates.rate(points(metric));
        }

        OptionalDouble inputQueue() {
            return queue(FlinkTaskMetric.INPUT_QUEUE_BYTES, FlinkTaskMetric.INPUT_QUEUE_LENGTH,
                    FlinkTaskMetric.RECORDS_IN, FlinkTaskMetric.BYTES_IN,
                    List.of(FlinkTaskMetric.BUFFERS_IN_LOCAL, FlinkTaskMetric.BUFFERS_IN_REMOTE));
        }

        OptionalDouble outputQueue() {
            return queue(FlinkTaskMetric.OUTPUT_QUEUE_BYTES, FlinkTaskMetric.OUTPUT_QUEUE_LENGTH,
                    FlinkTaskMetric.RECORDS_OUT, FlinkTaskMetric.BYTES_OUT, List.of(FlinkTaskMetric.BUFFERS_OUT));
        }

        private OptionalDouble queue(FlinkTaskMetric queuedBytes, FlinkTaskMetric queuedBuffers, FlinkTaskMetric records,
                                     FlinkTaskMetric bytes, List<FlinkTaskMetric> buffers) {
            OptionalDouble queueBytes = last(queuedBytes);
            OptionalDouble queueBuffers = last(queuedBuffers);
            if (queueBuffers.isPresent() && queueBuffers.getAsDouble() == 0
                    && (queueBytes.isEmpty() || queueBytes.getAsDouble() == 0)) {
                return OptionalDouble.of(0);
            }
            if (queueBytes.isPresent() && queueBytes.getAsDouble() > 0) {
                OptionalDouble bytesPerRecord = ratio(List.of(bytes), records);
                if (bytesPerRecord.isPresent() && bytesPerRecord.getAsDouble() > 0) {
                    return OptionalDouble.of(queueBytes.getAsDouble() / bytesPerRecord.getAsDouble());
                }
            }
            if (queueBuffers.isPresent()) {
                OptionalDouble buffersPerRecord = ratio(buffers, records);
                if (buffersPerRecord.isPresent() && buffersPerRecord.getAsDouble() > 0) {
                    return OptionalDouble.of(queueBuffers.getAsDouble() / buffersPerRecord.getAsDouble());
                }
            }
            return OptionalDouble.empty();
        }

        /**
         * The numerator counters' summed rate per unit of the denominator counter's rate over the
         * window, or their totals' ratio when the denominator did not move.
         */
        private OptionalDouble ratio(List<FlinkTaskMetric> numerators, FlinkTaskMetric denominator) {
            OptionalDouble denominatorRate = rate(denominator);
            if (denominatorRate.isPresent() && denominatorRate.getAsDouble() > 0) {
                double sum = 0;
                for (FlinkTaskMetric n : numerators) {
                    sum += rate(n).orElse(0);
                }
                if (sum > 0) {
                    return OptionalDouble.of(sum / denominatorRate.getAsDouble());
                }
            }
            OptionalDouble denominatorTotal = last(denominator);
            if (denominatorTotal.isEmpty() || denominatorTotal.getAsDouble() <= 0) {
                return OptionalDouble.empty();
            }
            double sum = 0;
            for (FlinkTaskMetric n : numerators) {
                sum += last(n).orElse(0);
            }
            return sum > 0 ? OptionalDouble.of(sum / denominatorTotal.getAsDouble()) : OptionalDouble.empty();
        }
    }
}
