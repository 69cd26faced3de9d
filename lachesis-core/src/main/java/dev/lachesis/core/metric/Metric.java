package dev.lachesis.core.metric;

import java.util.Set;

/**
 * A metric the metric provider can compute from other metrics (2021 paper, §5.2 and Algorithm 3).
 * Each metric declares its dependencies and a pure function from their values to its own; the
 * provider resolves the dependencies per driver, preferring what a driver provides, and caches each
 * metric once per round. A metric with no dependencies is <em>primitive</em>: only a driver can
 * provide it. Implementations are stateless and thread-safe; they are found through
 * {@link java.util.ServiceLoader}, so a module can add metrics.
 */
public interface Metric {
    /** The metric's name, e.g. {@code queue-size}; see {@link MetricNames}. */
    String name();

    /** The names of the metrics this one is computed from; empty for a primitive metric. */
    Set<String> dependencies();

    /**
     * Metrics this one uses when a driver can supply them (directly or through their own
     * dependencies) and does without otherwise: the provider resolves them where it can and hands
     * empty values for them where it cannot, so they never make a metric unresolvable. Empty by
     * default.
     */
    default Set<String> optionalDependencies() {
        return Set.of();
    }

    /**
     * Computes this metric from its dependencies for one SPE and one round. Entities whose inputs
     * have no value this round are left out of the result.
     */
    MetricValues compute(MetricContext context);

    default boolean isPrimitive() {
        return dependencies().isEmpty() && optionalDependencies().isEmpty();
    }
}
