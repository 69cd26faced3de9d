package dev.lachesis.translators.realtime;

import dev.lachesis.core.metric.MetricNames;
import dev.lachesis.core.metric.MetricValues;
import dev.lachesis.core.model.PhysicalOperator;
import dev.lachesis.core.model.Query;
import dev.lachesis.core.spi.PolicyInput;
import dev.lachesis.core.spi.SpeRound;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the observed rounds said about the progress of every query the translator's policy
 * schedules: the newest round in which its operators processed tuples
 * ({@link MetricNames#PROCESSED_RATE} above 0, summed over its physical operators that run no source),
 * and how many rounds of its SPE were observed since without that. Sources are left out because a
 * source may go on emitting into a queue nobody drains (Storm 1.x overflows full queues into
 * unbounded lists). Any other operator counts, not only the sinks: a livelock stops the query as a
 * whole (with Storm 2's bounded queues and Flink's credits an operator stops soon after the one it
 * sends to), while a strict-priority policy beyond saturation may starve the sinks themselves for a
 * while — in the Storm ETL sweep under QS-IO and {@code rt}, both sinks' processed-rate read 0 over
 * the 10-s window for six rounds in a row while the operators before them ran. Staleness is counted
 * in rounds as well as in time because rounds slow down on a busy machine (there, rounds came up to
 * 6.5 s apart): a round reading 0 counts against the query, a round without a value (Graphite
 * returned nulls, the SPE could not be seen) is kept apart ({@link LivelockJudge} lets it only age
 * the last progress), a round that did not happen does not count. Thread-safe: the loop's thread records, the watchdog's thread
 * reads.
 */
final class QueryProgress {
    private static final Logger LOG = LoggerFactory.getLogger(QueryProgress.class);

    /**
     * A query's progress as of the newest observed round. Immutable.
     *
     * @param tuplesPerSecond what its operators (sources aside) processed in the newest round that
     *     showed progress, over the metrics window of the SPE's driver
     * @param observedAtNanos when the translator observed that round ({@link System#nanoTime()} scale)
     * @param roundsAtZero rounds of its SPE observed after that one in which they processed 0 tuples/s
     * @param roundsUnread rounds of its SPE observed after that one without a value for any of them
     */
    record Reading(double tuplesPerSecond, long observedAtNanos, int roundsAtZero, int roundsUnread) {
    }

    private final Map<QueryKey, Reading> readings = new ConcurrentHashMap<>();

    /**
     * Records what {@code round} says, observed at {@code nowNanos}. A query it does not show (its SPE
     * could not be seen, or the query is gone) counts as read without a value.
     */
    void record(PolicyInput round, long nowNanos) {
        Set<QueryKey> shown = new HashSet<>();
        for (SpeRound spe : round.spes()) {
            MetricValues processed = spe.metrics().getOrDefault(MetricNames.PROCESSED_RATE, MetricValues.empty());
            for (Query query : spe.state().queries()) {
                QueryKey key = new QueryKey(spe.state().speName(), query.id());
                shown.add(key);
                OptionalDouble rate = processedRate(spe, query, processed);
                Reading before = readings.get(key);
                if (rate.isPresent() && rate.getAsDouble() > 0) {
                    readings.put(key, new Reading(rate.getAsDouble(), nowNanos, 0, 0));
                } else if (before != null) {
                    boolean zero = rate.isPresent();
                    readings.put(key, new Reading(before.tuplesPerSecond(), before.observedAtNanos(),
                            before.roundsAtZero() + (zero ? 1 : 0), before.roundsUnread() + (zero ? 0 : 1)));
                }
                LOG.debug("{}: its operators (sources aside) processed {} tuples/s", key,
                        rate.isPresent() ? rate.getAsDouble() : "no value for");
            }
        }
        for (Map.Entry<QueryKey, Reading> e : readings.entrySet()) {
            if (!shown.contains(e.getKey())) {
                Reading r = e.getValue();
                e.setValue(new Reading(r.tuplesPerSecond(), r.observedAtNanos(), r.roundsAtZero(), r.roundsUnread() + 1));
                LOG.debug("{}: not in this round", e.getKey());
            }
        }
    }

    private static OptionalDouble processedRate(SpeRound spe, Query query, MetricValues processed) {
        double sum = 0;
        boolean any = false;
        for (PhysicalOperator operator : spe.state().operators()) {
            if (!operator.queryId().equals(query.id()) || runsASource(query, operator)) {
                continue;
            }
            OptionalDouble rate = processed.get(operator.id());
            if (rate.isPresent()) {
                sum += rate.getAsDouble();
                any = true;
            }
        }
        return any ? OptionalDouble.of(sum) : OptionalDouble.empty();
    }

    private static boolean runsASource(Query query, PhysicalOperator operator) {
        for (String logical : operator.logicalOperatorIds()) {
            if (query.isSource(logical)) {
                return true;
            }
        }
        return false;
    }

    /** The query's progress, if a round ever showed its operators processing tuples. */
    Optional<Reading> of(QueryKey query) {
        return Optional.ofNullable(readings.get(query));
    }
}
