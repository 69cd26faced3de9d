package dev.lachesis.policies;

import java.util.Map;

/**
 * A thread's raw priority in one round together with the metric values it was computed from, so a
 * schedule can explain every decision. A <em>neutral</em> rating has no priority of its own: the
 * policy gives the thread the median priority of its query's other operators this round
 * ({@link ThreadRatingPolicy}), the rule for a thread whose importance the SPE does not show (a
 * source without a backlog metric): ranked neither first nor last. Immutable.
 *
 * @param priority the raw priority, higher is more important; 0 and meaningless for a neutral rating
 * @param metrics metric name → value the priority came from
 * @param neutral whether the thread takes its query's median priority instead
 */
public record Rating(double priority, Map<String, Double> metrics, boolean neutral) {
    public Rating {
        if (!Double.isFinite(priority)) {
            throw new IllegalArgumentException("a priority must be finite, got " + priority);
        }
        metrics = Map.copyOf(metrics);
    }

    /** A rating with a priority of its own. */
    public Rating(double priority, Map<String, Double> metrics) {
        this(priority, metrics, false);
    }

    /** A rating read straight from one metric. */
    public static Rating of(String metric, double value) {
        return new Rating(value, Map.of(metric, value));
    }

    /** A rating that takes its query's median priority, explained by {@code metrics}. */
    public static Rating neutral(Map<String, Double> metrics) {
        return new Rating(0, metrics, true);
    }
}
