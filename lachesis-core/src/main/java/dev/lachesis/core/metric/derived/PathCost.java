package dev.lachesis.core.metric.derived;

import dev.lachesis.core.metric.Metric;
import dev.lachesis.core.metric.MetricContext;
import dev.lachesis.core.metric.MetricKeys;
import dev.lachesis.core.metric.MetricNames;
import dev.lachesis.core.metric.MetricValues;
import dev.lachesis.core.model.Query;
import dev.lachesis.core.model.SpeState;
import java.util.Map;
import java.util.Set;

/**
 * {@value MetricNames#PATH_COST}: the processing time, in milliseconds, that one tuple entering a
 * logical operator causes on its way to the sinks, HR's "expense" of the operator's paths (Sharaf
 * et al.'s global average cost). For a path {@code o_1 … o_k} it is
 * {@code Σ_i cost_i × Π_(j<i) selectivity_j}; for an operator with several paths to the sinks, the
 * mean over its paths (see {@link QueryPaths}). Per-logical-operator values are means over replicas,
 * a fused chain counting as one operator (see {@link ReplicaMean}). A sink's value is its cost.
 * Keyed by {@link MetricKeys#logical(String, String)}. Depends on {@value MetricNames#SELECTIVITY}
 * and {@value MetricNames#COST}. Stateless.
 */
public final class PathCost implements Metric {
    @Override
    public String name() {
        return MetricNames.PATH_COST;
    }

    @Override
    public Set<String> dependencies() {
        return Set.of(MetricNames.SELECTIVITY, MetricNames.COST);
    }

    @Override
    public MetricValues compute(MetricContext context) {
        SpeState spe = context.spe();
        MetricValues selectivity = context.get(MetricNames.SELECTIVITY);
        MetricValues cost = context.get(MetricNames.COST);
        MetricValues.Builder result = MetricValues.builder();
        for (Query query : spe.queries()) {
            Map<String, Double> logicalSelectivity = ReplicaMean.perLogicalOperator(spe, query, selectivity, 1.0);
            Map<String, Double> logicalCost = ReplicaMean.perLogicalOperator(spe, query, cost, 0.0);
            new QueryPaths(query, logicalSelectivity, logicalCost).meanCost()
                    .forEach((op, v) -> result.put(MetricKeys.logical(query.id(), op), v));
        }
        return result.build();
    }
}
