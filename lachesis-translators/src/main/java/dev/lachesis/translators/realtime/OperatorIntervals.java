package dev.lachesis.translators.realtime;

import dev.lachesis.core.metric.MetricNames;
import dev.lachesis.core.metric.MetricValues;
import dev.lachesis.core.model.PhysicalOperator;
import dev.lachesis.core.spi.PolicyInput;
import dev.lachesis.core.spi.SpeRound;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the observed rounds said about each operator's newest reported interval
 * ({@link MetricNames#PROGRESS_INTERVAL_COUNT} and its start and end), whether work waited for it
 * (its input queue or the backlog inside a source above 0) and whether it came late: the freshest
 * evidence that one operator stopped while its thread still runs. An operator a round no longer
 * shows, or shows without an interval, is forgotten. Thread-safe: the loop's thread records, the watchdog's thread reads.
 */
final class OperatorIntervals {
    /**
     * An operator's newest interval. Immutable.
     *
     * @param tuples what it processed and emitted in the interval
     * @param startEpochSeconds where the interval begins
     * @param endEpochSeconds where it ends
     * @param workWaiting whether its input queue, or the backlog of the source it runs, held tuples in that round
     * @param late whether its end was already more than {@value #LATE_LENGTHS} interval lengths plus
     *     {@value #LATE_SLACK_SECONDS} s behind the round that read it: its SPE's reporter stalled, and a
     *     reporter stamps a report when it begins, so counters it read seconds later need not belong to
     *     the interval (a Storm worker's report waits for a safepoint, which a starved thread delays)
     */
    record Interval(double tuples, long startEpochSeconds, long endEpochSeconds, boolean workWaiting,
                    boolean late) {
        String describe() {
            return "from " + startEpochSeconds + " to " + endEpochSeconds + " (epoch seconds)";
        }
    }

    /** How many of its own lengths an interval's end may lag the round that reads it, beside the slack. */
    static final int LATE_LENGTHS = 2;
    /** How far behind the round an interval's end may be for reporting and storing alone, in seconds. */
    static final int LATE_SLACK_SECONDS = 2;

    private final Map<OperatorKey, Interval> intervals = new ConcurrentHashMap<>();

    /** Records what {@code round} says; operators without an interval in it are forgotten. */
    void record(PolicyInput round) {
        Map<OperatorKey, Interval> now = new HashMap<>();
        for (SpeRound spe : round.spes()) {
            MetricValues count = values(spe, MetricNames.PROGRESS_INTERVAL_COUNT);
            MetricValues start = values(spe, MetricNames.PROGRESS_INTERVAL_START);
            MetricValues end = values(spe, MetricNames.PROGRESS_INTERVAL_END);
            MetricValues input = values(spe, MetricNames.INPUT_QUEUE);
            MetricValues backlog = values(spe, MetricNames.SOURCE_QUEUE);
            for (PhysicalOperator operator : spe.state().operators()) {
                OptionalDouble tuples = count.get(operator.id());
                OptionalDouble from = start.get(operator.id());
                OptionalDouble to = end.get(operator.id());
                if (tuples.isPresent() && from.isPresent() && to.isPresent()) {
                    boolean waiting = input.get(operator.id()).orElse(0) > 0 || backlog.get(operator.id()).orElse(0) > 0;
                    long startSeconds = (long) from.getAsDouble();
                    long endSeconds = (long) to.getAsDouble();
                    now.put(new OperatorKey(spe.state().speName(), operator.id()), new Interval(tuples.getAsDouble(),
                            startSeconds, endSeconds, waiting, late(startSeconds, endSeconds,
                            round.now().getEpochSecond())));
                }
            }
        }
        intervals.keySet().retainAll(now.keySet());
        intervals.putAll(now);
    }

    private static boolean late(long startSeconds, long endSeconds, long roundSeconds) {
        long length = Math.max(1, endSeconds - startSeconds);
        return roundSeconds - endSeconds > LATE_LENGTHS * length + LATE_SLACK_SECONDS;
    }

    private static MetricValues values(SpeRound spe, String metric) {
        return spe.metrics().getOrDefault(metric, MetricValues.empty());
    }

    /** The operator's newest interval, if the last observed round had one. */
    Optional<Interval> of(OperatorKey operator) {
        return Optional.ofNullable(intervals.get(operator));
    }
}
