package dev.lachesis.translators;

import dev.lachesis.core.metric.MetricNames;
import dev.lachesis.core.metric.MetricValues;
import dev.lachesis.core.model.PhysicalOperator;
import dev.lachesis.core.model.Query;
import dev.lachesis.core.spi.PolicyInput;
import dev.lachesis.core.spi.SpeRound;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The newest progress reading of every query the translator's policy schedules: the tuples per
 * second its sinks processed ({@link MetricNames#PROCESSED_RATE} summed over the physical operators
 * that run a sink of the query), and when the round that carried it was observed. A query moves as a
 * whole only when its sinks consume; a source may go on emitting into a queue nobody drains (Storm
 * 1.x overflows full queues into unbounded lists), so sources and inner operators are not asked.
 * A round in which no sink of a query has a value (Graphite returned nulls, the SPE could not be
 * seen) keeps the older reading, which then ages. Thread-safe: the loop's thread records, the
 * watchdog's thread reads.
 */
final class QueryProgress {
    /**
     * One reading. Immutable.
     *
     * @param sinkTuplesPerSecond what the query's sinks processed, over the metrics window of the SPE's driver
     * @param observedAtNanos when the translator observed the round that carried it ({@link System#nanoTime()} scale)
     */
    record Reading(double sinkTuplesPerSecond, long observedAtNanos) {
        /** Whether the sinks consumed anything. */
        boolean progresses() {
            return sinkTuplesPerSecond > 0;
        }
    }

    private final Map<QueryKey, Reading> readings = new ConcurrentHashMap<>();

    /** Records the readings {@code round} carries, observed at {@code nowNanos}. */
    void record(PolicyInput round, long nowNanos) {
        for (SpeRound spe : round.spes()) {
            MetricValues processed = spe.metrics().get(MetricNames.PROCESSED_RATE);
            if (processed == null) {
                continue;
            }
            for (Query query : spe.state().queries()) {
                sinkRate(spe, query, processed).ifPresent(rate -> readings.put(
                        new QueryKey(spe.state().speName(), query.id()), new Reading(rate, nowNanos)));
            }
        }
    }

    private static OptionalDouble sinkRate(SpeRound spe, Query query, MetricValues processed) {
        double sum = 0;
        boolean any = false;
        for (String sink : query.sinks()) {
            for (PhysicalOperator operator : spe.state().replicasOf(query.id(), sink)) {
                OptionalDouble rate = processed.get(operator.id());
                if (rate.isPresent()) {
                    sum += rate.getAsDouble();
                    any = true;
                }
            }
        }
        return any ? OptionalDouble.of(sum) : OptionalDouble.empty();
    }

    /** The newest reading of {@code query}, if a round ever carried one. */
    Optional<Reading> of(QueryKey query) {
        return Optional.ofNullable(readings.get(query));
    }
}
