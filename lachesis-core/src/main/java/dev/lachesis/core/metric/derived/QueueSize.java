package dev.lachesis.core.metric.derived;

import dev.lachesis.core.metric.Metric;
import dev.lachesis.core.metric.MetricContext;
import dev.lachesis.core.metric.MetricNames;
import dev.lachesis.core.metric.MetricValues;
import java.util.Set;

/**
 * {@value MetricNames#QUEUE_SIZE}: the queue length a policy ranks a physical operator by, so that
 * QS does not depend on what a driver calls its queues. Defined as the operator's input queue,
 * {@value MetricNames#INPUT_QUEUE}, in tuples; an operator without an input-queue value this round
 * (a source, or Graphite returned nulls) has no queue size. Keyed by physical operator id.
 * Stateless.
 */
public final class QueueSize implements Metric {
    @Override
    public String name() {
        return MetricNames.QUEUE_SIZE;
    }

    @Override
    public Set<String> dependencies() {
        return Set.of(MetricNames.INPUT_QUEUE);
    }

    @Override
    public MetricValues compute(MetricContext context) {
        MetricValues input = context.get(MetricNames.INPUT_QUEUE);
        MetricValues.Builder result = MetricValues.builder();
        context.spe().operators().forEach(op -> input.get(op.id()).ifPresent(v -> result.put(op.id(), v)));
        return result.build();
    }
}
