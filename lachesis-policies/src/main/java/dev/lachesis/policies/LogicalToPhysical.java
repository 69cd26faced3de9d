package dev.lachesis.policies;

import dev.lachesis.core.metric.MetricKeys;
import dev.lachesis.core.model.PhysicalOperator;
import dev.lachesis.core.model.SpeState;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The transformation rule of the 2021 paper (Algorithm 2): turns priorities a policy computed for
 * logical operators into priorities of the physical operators that run them. Every replica of a
 * logical operator gets its priority (fission); a physical operator that runs several fused logical
 * operators (a Flink chain) gets the highest of their priorities (fusion). Lets a policy be written
 * once on the query as the user wrote it and reused on any deployment. Stateless.
 */
public final class LogicalToPhysical {
    private LogicalToPhysical() {
    }

    /**
     * Applies the rule to every physical operator of {@code state}.
     *
     * @param logical priority per logical operator, keyed as {@link MetricKeys#logical}
     * @return priority per physical operator id, in the state's operator order; a physical operator
     *     none of whose logical operators has a priority is absent. A fused operator takes the
     *     maximum over those of its logical operators that have one.
     */
    public static Map<String, Double> transform(SpeState state, Map<String, Double> logical) {
        Map<String, Double> physical = new LinkedHashMap<>();
        for (PhysicalOperator op : state.operators()) {
            for (String logicalId : op.logicalOperatorIds()) {
                Double priority = logical.get(MetricKeys.logical(op.queryId(), logicalId));
                if (priority != null) {
                    physical.merge(op.id(), priority, Math::max);
                }
            }
        }
        return physical;
    }
}
