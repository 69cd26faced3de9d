package dev.lachesis.core.metric.derived;

import dev.lachesis.core.metric.Metric;
import dev.lachesis.core.metric.MetricContext;
import dev.lachesis.core.metric.MetricKeys;
import dev.lachesis.core.metric.MetricNames;
import dev.lachesis.core.metric.MetricValues;
import dev.lachesis.core.model.PhysicalOperator;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * {@value MetricNames#HIGHEST_RATE}: HR's priority, the global output rate of an operator (Haren
 * §7; Sharaf et al.): output tuples per millisecond of processing if the operator and everything
 * downstream of it ran, {@code path-selectivity / path-cost}, computed per logical operator and
 * given to each physical operator running it. A fused physical operator takes the highest rate of
 * its logical operators (the 2021 paper's Algorithm 2). A logical operator whose path cost is
 * absent or 0 has no rate, and a physical operator without any such rate has no value. Keyed by
 * physical operator id. Stateless.
 */
public final class HighestRate implements Metric {
    @Override
    public String name() {
        return MetricNames.HIGHEST_RATE;
    }

    @Override
    public Set<String> dependencies() {
        return Set.of(MetricNames.PATH_SELECTIVITY, MetricNames.PATH_COST);
    }

    @Override
    public MetricValues compute(MetricContext context) {
        MetricValues pathSelectivity = context.get(MetricNames.PATH_SELECTIVITY);
        MetricValues pathCost = context.get(MetricNames.PATH_COST);
        MetricValues.Builder result = MetricValues.builder();
        for (PhysicalOperator op : context.spe().operators()) {
            double best = Double.NEGATIVE_INFINITY;
            for (String logical : op.logicalOperatorIds()) {
                String key = MetricKeys.logical(op.queryId(), logical);
                OptionalDouble selectivity = pathSelectivity.get(key);
                OptionalDouble cost = pathCost.get(key);
                if (selectivity.isPresent() && cost.isPresent() && cost.getAsDouble() > 0) {
                    best = Math.max(best, selectivity.getAsDouble() / cost.getAsDouble());
                }
            }
            if (best != Double.NEGATIVE_INFINITY) {
                result.put(op.id(), best);
            }
        }
        return result.build();
    }
}
