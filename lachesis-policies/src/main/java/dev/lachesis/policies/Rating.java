package dev.lachesis.policies;

import java.util.Map;
import java.util.Objects;

/**
 * A thread's raw priority in one round together with the metric values it was computed from, so a
 * schedule can explain every decision. Besides a priority of its own, a rating can lean on its
 * query's priorities this round ({@link ThreadRatingPolicy}), for a thread whose importance the
 * SPE shows only in part: a <em>neutral</em> rating takes the query's median (a source without a
 * backlog metric: ranked neither first nor last), a rating <em>within its query</em> takes its own
 * priority kept between the query's median and its highest priority (a source whose backlog is seen:
 * never last, and never above the operators all its work must still pass through). Immutable.
 *
 * @param priority the raw priority, higher is more important; 0 and meaningless for a neutral rating
 * @param metrics metric name → value the priority came from
 * @param standing how the priority relates to the query's median
 */
public record Rating(double priority, Map<String, Double> metrics, Standing standing) {
    /** How a rating's priority relates to its query's median priority. */
    public enum Standing {
        /** The priority is the thread's own. */
        OWN,
        /** The thread takes its query's median priority instead. */
        NEUTRAL,
        /** The thread takes its own priority, raised to its query's median, lowered to its query's highest. */
        WITHIN_QUERY
    }

    public Rating {
        if (!Double.isFinite(priority)) {
            throw new IllegalArgumentException("a priority must be finite, got " + priority);
        }
        metrics = Map.copyOf(metrics);
        Objects.requireNonNull(standing, "standing");
    }

    /** A rating with a priority of its own. */
    public Rating(double priority, Map<String, Double> metrics) {
        this(priority, metrics, Standing.OWN);
    }

    /** A rating read straight from one metric. */
    public static Rating of(String metric, double value) {
        return new Rating(value, Map.of(metric, value));
    }

    /** A rating that takes its query's median priority, explained by {@code metrics}. */
    public static Rating neutral(Map<String, Double> metrics) {
        return new Rating(0, metrics, Standing.NEUTRAL);
    }

    /** A rating that takes {@code priority}, kept between its query's median and highest priority. */
    public static Rating withinQuery(double priority, Map<String, Double> metrics) {
        return new Rating(priority, metrics, Standing.WITHIN_QUERY);
    }

    /** Whether the priority is the thread's own, so that it counts in its query's median and highest. */
    public boolean own() {
        return standing == Standing.OWN;
    }
}
