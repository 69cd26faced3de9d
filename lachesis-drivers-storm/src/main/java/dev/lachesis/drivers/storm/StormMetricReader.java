package dev.lachesis.drivers.storm;

import dev.lachesis.core.metric.MetricNames;
import dev.lachesis.core.metric.MetricValues;
import dev.lachesis.core.metricsource.SeriesAggregates;
import dev.lachesis.core.model.OperatorThread;
import dev.lachesis.core.model.ThreadKind;
import dev.lachesis.drivers.storm.StormSeries.Measure;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * Turns one round's Storm series into the metrics the driver provides, keyed as
 * {@link MetricNames} says: per physical operator (an executor), or per queue entity for output
 * queues. Gauges take their newest value; counters become per-second rates (from the increase of a
 * running total on 2.x, from the last bucket's count on 1.x). Tuples on Storm's own streams
 * ({@code __ack_*}, {@code __metrics}, {@code __tick}…) and from system components are left out of
 * rates and latencies. Immutable.
 */
final class StormMetricReader {
    private final boolean cumulative;
    private final double bucketSeconds;

    /**
     * @param cumulative whether counters are running totals (2.x)
     * @param bucketSeconds on 1.x, {@code topology.builtin.metrics.bucket.size.secs}
     */
    StormMetricReader(boolean cumulative, double bucketSeconds) {
        this.cumulative = cumulative;
        this.bucketSeconds = bucketSeconds;
    }

    Map<String, MetricValues> read(StormView view, Set<String> requested) {
        Map<String, MetricValues> result = new LinkedHashMap<>();
        for (String metric : requested) {
            result.put(metric, switch (metric) {
                case MetricNames.INPUT_QUEUE -> perExecutor(view, ref -> queue(view, ref, Measure.RECEIVE_QUEUE,
                        Measure.RECEIVE_OVERFLOW));
                case MetricNames.ARRIVAL_RATE -> perExecutor(view, ref -> firstGauge(view, ref, Measure.ARRIVAL_RATE));
                case MetricNames.HEAD_AGE_REPORTED -> perExecutor(view, ref -> firstGauge(view, ref, Measure.SOJOURN_MS));
                case MetricNames.INPUT_QUEUE_CAPACITY -> perExecutor(view, ref -> firstGauge(view, ref, Measure.RECEIVE_QUEUE_CAPACITY));
                case MetricNames.PROCESSED_RATE -> perExecutor(view, ref -> rate(view, ref, Measure.EXECUTE_COUNT));
                case MetricNames.EMITTED_RATE -> perExecutor(view, ref -> rate(view, ref, Measure.EMIT_COUNT));
                case MetricNames.PROCESSING_TIME -> perExecutor(view, ref -> processingTime(view, ref));
                case MetricNames.OUTPUT_QUEUE -> outputQueues(view);
                case MetricNames.SOURCE_QUEUE -> perExecutor(view, ref -> sumOfGauges(view, ref, Measure.SOURCE_QUEUE));
                case MetricNames.PROGRESS_INTERVAL_COUNT -> perExecutor(view, ref -> newestInterval(view, ref)
                        .map(i -> OptionalDouble.of(i.count())).orElse(OptionalDouble.empty()));
                case MetricNames.PROGRESS_INTERVAL_START -> perExecutor(view, ref -> newestInterval(view, ref)
                        .map(i -> OptionalDouble.of(i.startEpochSeconds())).orElse(OptionalDouble.empty()));
                case MetricNames.PROGRESS_INTERVAL_END -> perExecutor(view, ref -> newestInterval(view, ref)
                        .map(i -> OptionalDouble.of(i.endEpochSeconds())).orElse(OptionalDouble.empty()));
                default -> MetricValues.empty();
            });
        }
        return result;
    }

    private interface PerExecutor {
        OptionalDouble value(ExecutorRef ref);
    }

    private static MetricValues perExecutor(StormView view, PerExecutor metric) {
        MetricValues.Builder values = MetricValues.builder();
        view.executors().forEach((id, ref) -> metric.value(ref).ifPresent(v -> values.put(id, v)));
        return values.build();
    }

    /** A queue gauge: every task of an executor reports the executor's one queue, so the first value counts. */
    private static OptionalDouble firstGauge(StormView view, ExecutorRef ref, Measure measure) {
        for (int task = ref.firstTask(); task <= ref.lastTask(); task++) {
            for (StormMetrics.Entry e : view.metrics().series(ref.topology(), ref.component(), task, measure)) {
                OptionalDouble v = SeriesAggregates.last(e.series());
                if (v.isPresent()) {
                    return v;
                }
            }
        }
        return OptionalDouble.empty();
    }

    /**
     * A queue: its gauge, plus on 1.x the tuples batched or overflowed before it (none on 2.x,
     * whose queues do not overflow); empty without the gauge.
     */
    private static OptionalDouble queue(StormView view, ExecutorRef ref, Measure gauge, Measure overflow) {
        OptionalDouble queued = firstGauge(view, ref, gauge);
        if (queued.isEmpty()) {
            return queued;
        }
        return OptionalDouble.of(queued.getAsDouble() + firstGauge(view, ref, overflow).orElse(0));
    }

    /** A gauge every task reports for itself (a spout task's own backlog), summed over the executor's tasks. */
    private static OptionalDouble sumOfGauges(StormView view, ExecutorRef ref, Measure measure) {
        double sum = 0;
        boolean any = false;
        for (int task = ref.firstTask(); task <= ref.lastTask(); task++) {
            for (StormMetrics.Entry e : view.metrics().series(ref.topology(), ref.component(), task, measure)) {
                OptionalDouble v = SeriesAggregates.last(e.series());
                if (v.isPresent()) {
                    sum += v.getAsDouble();
                    any = true;
                }
            }
        }
        return any ? OptionalDouble.of(sum) : OptionalDouble.empty();
    }

    /** Tuples per second over the executor's tasks and its query streams. */
    private OptionalDouble rate(StormView view, ExecutorRef ref, Measure counter) {
        double sum = 0;
        boolean any = false;
        for (int task = ref.firstTask(); task <= ref.lastTask(); task++) {
            for (StormMetrics.Entry e : view.metrics().series(ref.topology(), ref.component(), task, counter)) {
                if (isSystemStream(e.name().detail())) {
                    continue;
                }
                OptionalDouble r = counterRate(e);
                if (r.isPresent()) {
                    sum += r.getAsDouble();
                    any = true;
                }
            }
        }
        return any ? OptionalDouble.of(sum) : OptionalDouble.empty();
    }

    /**
     * The newest interval of the executor's execute and emit counters taken together (its query
     * streams only): tuples above 0 in any of them show progress; 0 is said only for the time every
     * one of them covers, and not at all when one of them has no interval.
     */
    private Optional<NewestInterval> newestInterval(StormView view, ExecutorRef ref) {
        List<Optional<NewestInterval>> intervals = new ArrayList<>();
        for (int task = ref.firstTask(); task <= ref.lastTask(); task++) {
            for (Measure counter : List.of(Measure.EXECUTE_COUNT, Measure.EMIT_COUNT)) {
                for (StormMetrics.Entry e : view.metrics().series(ref.topology(), ref.component(), task, counter)) {
                    if (!isSystemStream(e.name().detail())) {
                        intervals.add(cumulative ? NewestInterval.ofRunningTotal(e.series())
                                : NewestInterval.ofBucket(e.series(), (long) Math.ceil(bucketSeconds)));
                    }
                }
            }
        }
        return NewestInterval.combine(intervals);
    }

    /** Mean execute latency over the executor's input streams, weighted by how many tuples each carried. */
    private OptionalDouble processingTime(StormView view, ExecutorRef ref) {
        double weighted = 0;
        double weights = 0;
        double plain = 0;
        int n = 0;
        for (int task = ref.firstTask(); task <= ref.lastTask(); task++) {
            List<StormMetrics.Entry> counts = view.metrics().series(ref.topology(), ref.component(), task,
                    Measure.EXECUTE_COUNT);
            for (StormMetrics.Entry e : view.metrics().series(ref.topology(), ref.component(), task,
                    Measure.EXECUTE_LATENCY_MS)) {
                if (isSystemStream(e.name().detail())) {
                    continue;
                }
                OptionalDouble latency = SeriesAggregates.last(e.series());
                if (latency.isEmpty()) {
                    continue;
                }
                plain += latency.getAsDouble();
                n++;
                for (StormMetrics.Entry c : counts) {
                    if (c.name().detail().equals(e.name().detail())) {
                        OptionalDouble rate = counterRate(c);
                        if (rate.isPresent() && rate.getAsDouble() > 0) {
                            weighted += latency.getAsDouble() * rate.getAsDouble();
                            weights += rate.getAsDouble();
                        }
                    }
                }
            }
        }
        if (weights > 0) {
            return OptionalDouble.of(weighted / weights);
        }
        return n > 0 ? OptionalDouble.of(plain / n) : OptionalDouble.empty();
    }

    /**
     * Output queues by queue entity: the worker transfer queue(s) a transfer thread drains, and on
     * 1.x each executor's send queue, keyed by its operator.
     */
    private static MetricValues outputQueues(StormView view) {
        MetricValues.Builder values = MetricValues.builder();
        view.transferQueues().forEach((entity, worker) -> {
            OptionalDouble queued = transferGauge(view, worker, Measure.WORKER_TRANSFER_QUEUE);
            if (queued.isPresent()) {
                values.put(entity, queued.getAsDouble()
                        + transferGauge(view, worker, Measure.WORKER_TRANSFER_OVERFLOW).orElse(0));
            }
        });
        for (OperatorThread thread : view.state().threads()) {
            if (thread.kind() == ThreadKind.SENDER && thread.operatorId() != null) {
                ExecutorRef ref = view.executors().get(thread.operatorId());
                if (ref != null) {
                    queue(view, ref, Measure.SEND_QUEUE, Measure.SEND_OVERFLOW)
                            .ifPresent(v -> values.put(thread.queueEntity(), v));
                }
            }
        }
        return values.build();
    }

    /** A gauge of a worker's transfer queue(s), summed over the worker's ports. */
    private static OptionalDouble transferGauge(StormView view, StormView.WorkerPorts worker, Measure measure) {
        double sum = 0;
        boolean any = false;
        for (StormMetrics.Entry e : view.metrics().series(worker.topology(), "__system", -1, measure)) {
            if (!worker.ports().isEmpty() && !worker.ports().contains(e.name().port())) {
                continue;
            }
            OptionalDouble v = SeriesAggregates.last(e.series());
            if (v.isPresent()) {
                sum += v.getAsDouble();
                any = true;
            }
        }
        return any ? OptionalDouble.of(sum) : OptionalDouble.empty();
    }

    private OptionalDouble counterRate(StormMetrics.Entry counter) {
        if (cumulative) {
            return SeriesAggregates.rate(counter.series());
        }
        OptionalDouble count = SeriesAggregates.last(counter.series());
        return count.isPresent() ? OptionalDouble.of(count.getAsDouble() / bucketSeconds) : count;
    }

    /** Storm's own streams start with {@code __}, as do inputs from its system components. */
    private static boolean isSystemStream(String detail) {
        if (detail.startsWith("__")) {
            return true;
        }
        int colon = detail.lastIndexOf(':');
        return colon >= 0 && detail.substring(colon + 1).startsWith("__");
    }
}
