package dev.lachesis.core.metric.derived;

import dev.lachesis.core.metric.Metric;
import dev.lachesis.core.metric.MetricContext;
import dev.lachesis.core.metric.MetricNames;
import dev.lachesis.core.metric.MetricValues;
import java.util.Set;

/**
 * {@value MetricNames#COST}: the average time a physical operator spends on one input tuple, in
 * milliseconds (Haren, Table 1), the expense HR ranks paths by. Defined as the SPE's own
 * per-tuple measurement, {@value MetricNames#PROCESSING_TIME} (Storm's execute latency, Flink's
 * busy time per record as its driver computes it), taken as it is: it counts only time inside the
 * operator, which is what the path cost adds up. An operator without that value has no cost; a
 * driver that can measure cost better (e.g. from thread CPU time) provides {@code cost} itself,
 * which then takes precedence. Keyed by physical operator id. Stateless.
 */
public final class Cost implements Metric {
    @Override
    public String name() {
        return MetricNames.COST;
    }

    @Override
    public Set<String> dependencies() {
        return Set.of(MetricNames.PROCESSING_TIME);
    }

    @Override
    public MetricValues compute(MetricContext context) {
        MetricValues time = context.get(MetricNames.PROCESSING_TIME);
        MetricValues.Builder result = MetricValues.builder();
        context.spe().operators().forEach(op -> time.get(op.id())
                .ifPresent(ms -> {
                    if (ms >= 0) {
                        result.put(op.id(), ms);
                    }
                }));
        return result.build();
    }
}
