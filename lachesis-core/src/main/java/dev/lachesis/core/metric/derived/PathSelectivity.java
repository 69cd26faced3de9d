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
 * {@value MetricNames#PATH_SELECTIVITY}: how many output tuples one tuple entering a logical
 * operator yields at the sinks, HR's "productivity" of the operator's paths (Sharaf et al.'s global
 * selectivity). For a path it is the product of the selectivities of its operators before the sink;
 * for an operator with several paths to the sinks, the mean over its paths (see
 * {@link QueryPaths}). Per-logical-operator selectivity is the mean over its replicas, a fused chain
 * counting as one operator (see {@link ReplicaMean}). A sink's value is 1. Keyed by
 * {@link MetricKeys#logical(String, String)}. Depends on {@value MetricNames#SELECTIVITY}. Stateless.
 */
public final class PathSelectivity implements Metric {
    @Override
    public String name() {
        return MetricNames.PATH_SELECTIVITY;
    }

    @Override
    public Set<String> dependencies() {
        return Set.of(MetricNames.SELECTIVITY);
    }

    @Override
    public MetricValues compute(MetricContext context) {
        SpeState spe = context.spe();
        MetricValues selectivity = context.get(MetricNames.SELECTIVITY);
        MetricValues.Builder result = MetricValues.builder();
        for (Query query : spe.queries()) {
            Map<String, Double> logical = ReplicaMean.perLogicalOperator(spe, query, selectivity, 1.0);
            new QueryPaths(query, logical, null).meanSelectivity()
                    .forEach((op, v) -> result.put(MetricKeys.logical(query.id(), op), v));
        }
        return result.build();
    }
}
