package dev.lachesis.core.metric.derived;

import dev.lachesis.core.metric.Metric;
import dev.lachesis.core.metric.MetricContext;
import dev.lachesis.core.metric.MetricNames;
import dev.lachesis.core.metric.MetricValues;
import dev.lachesis.core.model.PhysicalOperator;
import dev.lachesis.core.model.SpeState;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * {@value MetricNames#SELECTIVITY}: output tuples per input tuple of a physical operator (Haren,
 * Table 1), the productivity HR ranks paths by:
 * {@code selectivity = emitted-rate / processed-rate}. When the operator processed nothing
 * ({@code processed-rate} absent or 0) the ratio is undefined and the operator has no value, with
 * one exception: an operator that runs a query's source (its first logical operator has no
 * upstream) is given selectivity 1, because SPEs count no input for sources (Storm spouts have no
 * executed count, Flink sources no records-in) and a source emits what it reads. An operator
 * without an {@code emitted-rate} value has no selectivity. Keyed by physical operator id.
 * Stateless.
 */
public final class Selectivity implements Metric {
    @Override
    public String name() {
        return MetricNames.SELECTIVITY;
    }

    @Override
    public Set<String> dependencies() {
        return Set.of(MetricNames.EMITTED_RATE, MetricNames.PROCESSED_RATE);
    }

    @Override
    public MetricValues compute(MetricContext context) {
        MetricValues emitted = context.get(MetricNames.EMITTED_RATE);
        MetricValues processed = context.get(MetricNames.PROCESSED_RATE);
        MetricValues.Builder result = MetricValues.builder();
        for (PhysicalOperator op : context.spe().operators()) {
            OptionalDouble out = emitted.get(op.id());
            if (out.isEmpty()) {
                continue;
            }
            double in = processed.getOrDefault(op.id(), 0);
            if (in > 0) {
                result.put(op.id(), out.getAsDouble() / in);
            } else if (runsSource(context.spe(), op)) {
                result.put(op.id(), 1.0);
            }
        }
        return result.build();
    }

    private static boolean runsSource(SpeState spe, PhysicalOperator op) {
        return spe.query(op.queryId())
                .map(q -> q.isSource(op.logicalOperatorIds().get(0)))
                .orElse(false);
    }
}
