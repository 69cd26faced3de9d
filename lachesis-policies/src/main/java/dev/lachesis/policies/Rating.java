package dev.lachesis.policies;

import java.util.Map;

/**
 * A thread's raw priority in one round together with the metric values it was computed from, so a
 * schedule can explain every decision. Immutable.
 *
 * @param priority the raw priority; higher is more important
 * @param metrics metric name → value the priority came from
 */
public record Rating(double priority, Map<String, Double> metrics) {
    public Rating {
        if (!Double.isFinite(priority)) {
            throw new IllegalArgumentException("a priority must be finite, got " + priority);
        }
        metrics = Map.copyOf(metrics);
    }

    /** A rating read straight from one metric. */
    public static Rating of(String metric, double value) {
        return new Rating(value, Map.of(metric, value));
    }
}
