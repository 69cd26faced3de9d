package dev.lachesis.policies;

import dev.lachesis.core.metric.MetricNames;
import dev.lachesis.core.metric.MetricValues;
import dev.lachesis.core.model.PhysicalOperator;
import dev.lachesis.core.model.Query;
import dev.lachesis.core.spi.PolicyInput;
import dev.lachesis.core.spi.SpeRound;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * HR's goal: an estimate of the mean processing latency of the queries, from this round's queues,
 * arrival rates and costs, so a user can see whether HR lowers it. Each physical operator holds a
 * tuple for its queueing delay by Little's law (queue size / arrival rate) plus its cost; a logical
 * operator's delay is the mean over its replicas (a fused chain's delay counts at its first logical
 * operator); a query's latency is the delay summed from a source to a sink, averaged over the
 * downstream branches at each fork (the same mean over paths as {@code path-selectivity}) and over
 * the sources. The estimate ignores selectivity and network time; it tracks trends, not absolute
 * latencies. Stateless.
 */
public final class LatencyEstimate {
    private LatencyEstimate() {
    }

    /** The metrics the estimate reads. */
    public static Set<String> requiredMetrics() {
        return Set.of(MetricNames.QUEUE_SIZE, MetricNames.ARRIVAL_RATE, MetricNames.COST);
    }

    /** The mean over all queries that have an estimate this round, in milliseconds. */
    public static OptionalDouble meanMillis(PolicyInput input) {
        List<Double> latencies = new ArrayList<>();
        for (SpeRound round : input.spes()) {
            for (Query query : round.state().queries()) {
                queryMillis(round, query).ifPresent(latencies::add);
            }
        }
        return latencies.stream().mapToDouble(Double::doubleValue).average();
    }

    /**
     * One query's estimate, in milliseconds; empty when an operator lacks the values it needs (no
     * cost, or a non-empty queue without an arrival rate).
     */
    public static OptionalDouble queryMillis(SpeRound round, Query query) {
        Map<String, List<Double>> delaysByLogical = new HashMap<>();
        Set<String> fusedTails = new HashSet<>();
        for (PhysicalOperator op : round.state().operators()) {
            if (!op.queryId().equals(query.id())) {
                continue;
            }
            OptionalDouble delay = operatorDelayMillis(round, op);
            if (delay.isEmpty()) {
                return OptionalDouble.empty();
            }
            List<String> logical = op.logicalOperatorIds();
            delaysByLogical.computeIfAbsent(logical.get(0), k -> new ArrayList<>()).add(delay.getAsDouble());
            fusedTails.addAll(logical.subList(1, logical.size()));
        }
        Map<String, Double> delays = new HashMap<>();
        for (String logical : query.downstream().keySet()) {
            List<Double> replicas = delaysByLogical.get(logical);
            if (replicas != null) {
                delays.put(logical, replicas.stream().mapToDouble(Double::doubleValue).average().orElseThrow());
            } else if (fusedTails.contains(logical)) {
                delays.put(logical, 0.0);
            } else {
                return OptionalDouble.empty();
            }
        }
        Map<String, Double> toSink = new HashMap<>();
        return query.sources().stream().mapToDouble(s -> latencyToSink(query, s, delays, toSink)).average();
    }

    private static double latencyToSink(Query query, String logical, Map<String, Double> delays,
                                        Map<String, Double> memo) {
        Double known = memo.get(logical);
        if (known != null) {
            return known;
        }
        double downstream = query.downstreamOf(logical).stream()
                .mapToDouble(d -> latencyToSink(query, d, delays, memo)).average().orElse(0);
        double total = delays.get(logical) + downstream;
        memo.put(logical, total);
        return total;
    }

    private static OptionalDouble operatorDelayMillis(SpeRound round, PhysicalOperator op) {
        MetricValues costs = round.metric(MetricNames.COST);
        OptionalDouble cost = costs.get(op.id());
        if (cost.isEmpty()) {
            return OptionalDouble.empty();
        }
        double queue = round.metric(MetricNames.QUEUE_SIZE).getOrDefault(op.id(),
                Topology.isSource(round.state(), op) ? 0 : Double.NaN);
        if (Double.isNaN(queue)) {
            return OptionalDouble.empty();
        }
        if (queue == 0) {
            return cost;
        }
        OptionalDouble rate = round.metric(MetricNames.ARRIVAL_RATE).get(op.id());
        if (rate.isEmpty() || rate.getAsDouble() <= 0) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(queue / rate.getAsDouble() * 1000 + cost.getAsDouble());
    }
}
