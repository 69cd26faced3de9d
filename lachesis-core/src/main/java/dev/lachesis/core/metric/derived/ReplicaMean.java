package dev.lachesis.core.metric.derived;

import dev.lachesis.core.metric.MetricValues;
import dev.lachesis.core.model.LogicalOperator;
import dev.lachesis.core.model.PhysicalOperator;
import dev.lachesis.core.model.Query;
import dev.lachesis.core.model.SpeState;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * Turns a per-physical-operator metric into one value per logical operator, for the path metrics.
 * A logical operator's value is the mean over its replicas that have a value. A fused physical
 * operator (a Flink chain) is measured as a whole, so its value is attributed to the
 * <em>last</em> logical operator of its chain, and the logical operators before it in the chain
 * count as pass-through (a fixed value: selectivity 1, cost 0); the path products through the
 * chain then come out as the chain's own, whichever chain member a path starts at. Stateless.
 */
final class ReplicaMean {
    private ReplicaMean() {
    }

    /**
     * Logical operator id → mean value over its replicas; logical operators without any value are
     * absent.
     *
     * @param passThrough the value of a logical operator that is not the last of its fused chain
     */
    static Map<String, Double> perLogicalOperator(SpeState spe, Query query, MetricValues perPhysical,
                                                  double passThrough) {
        Map<String, Double> result = new HashMap<>();
        for (LogicalOperator logical : query.operators()) {
            double sum = 0;
            int count = 0;
            for (PhysicalOperator replica : spe.replicasOf(query.id(), logical.id())) {
                OptionalDouble value = isLastOfChain(replica, logical.id())
                        ? perPhysical.get(replica.id())
                        : OptionalDouble.of(passThrough);
                if (value.isPresent()) {
                    sum += value.getAsDouble();
                    count++;
                }
            }
            if (count > 0) {
                result.put(logical.id(), sum / count);
            }
        }
        return result;
    }

    private static boolean isLastOfChain(PhysicalOperator replica, String logicalOperatorId) {
        List<String> chain = replica.logicalOperatorIds();
        return chain.get(chain.size() - 1).equals(logicalOperatorId);
    }
}
