package dev.lachesis.core.metric.derived;

import dev.lachesis.core.metric.Metric;
import dev.lachesis.core.metric.MetricContext;
import dev.lachesis.core.metric.MetricNames;
import dev.lachesis.core.metric.MetricValues;
import dev.lachesis.core.model.PhysicalOperator;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * {@value MetricNames#DRAIN_TIME}: the milliseconds of CPU the tuples waiting at a physical operator
 * need, {@code queue-size × cpu-cost-ms}: how long the operator needs the core to drain its queue.
 * Queue sizes alone tie beyond saturation, when most input queues sit at their capacity
 * (FACTS.md); weighing each waiting tuple by the CPU it costs puts the operator with the most work
 * in front of it first. The cost is the CPU time the daemon measures per tuple, not the SPE's
 * wall-clock time per tuple, which Storm counts in whole milliseconds (0 for most operators). An
 * empty queue drains in 0 ms whatever the cost; an operator without a queue size or a cost this
 * round has no value. Keyed by physical operator id. Stateless.
 */
public final class DrainTime implements Metric {
    @Override
    public String name() {
        return MetricNames.DRAIN_TIME;
    }

    @Override
    public Set<String> dependencies() {
        return Set.of(MetricNames.QUEUE_SIZE, MetricNames.CPU_COST);
    }

    @Override
    public MetricValues compute(MetricContext context) {
        MetricValues queues = context.get(MetricNames.QUEUE_SIZE);
        MetricValues costs = context.get(MetricNames.CPU_COST);
        MetricValues.Builder result = MetricValues.builder();
        for (PhysicalOperator op : context.spe().operators()) {
            OptionalDouble queue = queues.get(op.id());
            if (queue.isEmpty()) {
                continue;
            }
            if (queue.getAsDouble() <= 0) {
                result.put(op.id(), 0.0);
                continue;
            }
            OptionalDouble cost = costs.get(op.id());
            if (cost.isPresent()) {
                result.put(op.id(), queue.getAsDouble() * cost.getAsDouble());
            }
        }
        return result.build();
    }
}
