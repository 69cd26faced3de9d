package dev.lachesis.core.metric.derived;

import dev.lachesis.core.metric.Metric;
import dev.lachesis.core.metric.MetricContext;
import dev.lachesis.core.metric.MetricNames;
import dev.lachesis.core.metric.MetricValues;
import dev.lachesis.core.model.PhysicalOperator;
import dev.lachesis.core.model.Query;
import dev.lachesis.core.model.SpeState;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * {@value MetricNames#OUTPUT_BLOCKED}: how much of the time, from 0 to 1, a physical operator cannot
 * go on because its consumers have no room for what it emits (back-pressure). An operator held back
 * this way has tuples waiting in its own input queue, but giving it the CPU only lets it wait:
 * beyond saturation a whole chain of queues in front of the real bottleneck fills up (Storm's bounded
 * receive queues, Flink's credit-based flow control), and ranking those operators by their queues
 * mistakes the blocked for the bottleneck (FACTS.md).
 * <ul>
 *   <li>Where the SPE measures it ({@value MetricNames#OUTPUT_BLOCKED_REPORTED}: Flink's
 *       back-pressured time per second), that value, clamped to [0, 1].</li>
 *   <li>Otherwise the fill of the fullest input queue among the physical operators of its
 *       downstream logical operators, {@code queue-size / input-queue-capacity} clamped to [0, 1]:
 *       a producer whose consumer's queue is full waits for it. Every replica of a downstream
 *       operator counts, since the driver does not say which replica gets which tuple. A sink (no
 *       consumers) is never blocked (0). An operator some of whose consumers have no fill this round
 *       (no capacity published, or no queue value) gets the fill of the others, and no value when
 *       none has one.</li>
 * </ul>
 * Keyed by physical operator id. Stateless.
 */
public final class OutputBlocked implements Metric {
    @Override
    public String name() {
        return MetricNames.OUTPUT_BLOCKED;
    }

    @Override
    public Set<String> dependencies() {
        return Set.of(MetricNames.QUEUE_SIZE);
    }

    @Override
    public Set<String> optionalDependencies() {
        return Set.of(MetricNames.OUTPUT_BLOCKED_REPORTED, MetricNames.INPUT_QUEUE_CAPACITY);
    }

    @Override
    public MetricValues compute(MetricContext context) {
        SpeState spe = context.spe();
        MetricValues reported = context.get(MetricNames.OUTPUT_BLOCKED_REPORTED);
        Map<String, Double> fill = fills(spe, context.get(MetricNames.QUEUE_SIZE),
                context.get(MetricNames.INPUT_QUEUE_CAPACITY));
        MetricValues.Builder result = MetricValues.builder();
        for (PhysicalOperator op : spe.operators()) {
            OptionalDouble measured = reported.get(op.id());
            if (measured.isPresent()) {
                result.put(op.id(), clamp(measured.getAsDouble()));
                continue;
            }
            spe.query(op.queryId()).flatMap(query -> fullestConsumer(spe, query, op, fill))
                    .ifPresent(v -> result.put(op.id(), v));
        }
        return result.build();
    }

    /** Physical operator id → how full its input queue is, for operators with a queue and a capacity. */
    private static Map<String, Double> fills(SpeState spe, MetricValues queues, MetricValues capacities) {
        Map<String, Double> fill = new HashMap<>();
        for (PhysicalOperator op : spe.operators()) {
            OptionalDouble queue = queues.get(op.id());
            OptionalDouble capacity = capacities.get(op.id());
            if (queue.isPresent() && capacity.isPresent() && capacity.getAsDouble() > 0) {
                fill.put(op.id(), clamp(queue.getAsDouble() / capacity.getAsDouble()));
            }
        }
        return fill;
    }

    private static Optional<Double> fullestConsumer(SpeState spe, Query query, PhysicalOperator op,
                                                    Map<String, Double> fill) {
        String last = op.logicalOperatorIds().get(op.logicalOperatorIds().size() - 1);
        Set<String> downstream = query.downstreamOf(last);
        if (downstream.isEmpty()) {
            return Optional.of(0.0);
        }
        Double fullest = null;
        for (String logical : downstream) {
            for (PhysicalOperator consumer : spe.replicasOf(query.id(), logical)) {
                Double f = fill.get(consumer.id());
                if (f != null && (fullest == null || f > fullest)) {
                    fullest = f;
                }
            }
        }
        return Optional.ofNullable(fullest);
    }

    private static double clamp(double value) {
        return Math.max(0, Math.min(1, value));
    }
}
