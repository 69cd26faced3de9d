package dev.lachesis.core.metric.derived;

import dev.lachesis.core.metric.Metric;
import dev.lachesis.core.metric.MetricContext;
import dev.lachesis.core.metric.MetricNames;
import dev.lachesis.core.metric.MetricValues;
import dev.lachesis.core.model.PhysicalOperator;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * {@value MetricNames#HEAD_AGE}: how long, in milliseconds, the oldest tuple waiting at a physical
 * operator has waited, FCFS's priority (Haren's head latency). When the SPE publishes it
 * ({@value MetricNames#HEAD_AGE_REPORTED}, an optional dependency) that value is used as it is.
 * Otherwise it is estimated from the queue length and the arrival rate: with a FIFO queue of
 * {@code q} tuples filled at {@code λ} tuples per second, the head arrived about {@code q / λ}
 * seconds ago (Little's law), so {@code head-age-ms = 1000 × queue-size / arrival-rate}. An empty
 * queue has age 0; a non-empty queue with no arrivals (rate absent or 0) has no value, nor does an
 * operator without a queue size. The choice is made per operator, so a driver that reports the head
 * age of some operators gets estimates for the others. Keyed by physical operator id. Stateless.
 */
public final class HeadAge implements Metric {
    @Override
    public String name() {
        return MetricNames.HEAD_AGE;
    }

    @Override
    public Set<String> dependencies() {
        return Set.of(MetricNames.QUEUE_SIZE, MetricNames.ARRIVAL_RATE);
    }

    @Override
    public Set<String> optionalDependencies() {
        return Set.of(MetricNames.HEAD_AGE_REPORTED);
    }

    @Override
    public MetricValues compute(MetricContext context) {
        MetricValues reported = context.get(MetricNames.HEAD_AGE_REPORTED);
        MetricValues queueSize = context.get(MetricNames.QUEUE_SIZE);
        MetricValues arrivalRate = context.get(MetricNames.ARRIVAL_RATE);
        MetricValues.Builder result = MetricValues.builder();
        for (PhysicalOperator op : context.spe().operators()) {
            OptionalDouble age = reported.get(op.id());
            if (age.isPresent()) {
                result.put(op.id(), age.getAsDouble());
                continue;
            }
            OptionalDouble queued = queueSize.get(op.id());
            if (queued.isEmpty()) {
                continue;
            }
            if (queued.getAsDouble() <= 0) {
                result.put(op.id(), 0.0);
                continue;
            }
            double perSecond = arrivalRate.getOrDefault(op.id(), 0);
            if (perSecond > 0) {
                result.put(op.id(), 1000.0 * queued.getAsDouble() / perSecond);
            }
        }
        return result.build();
    }
}
