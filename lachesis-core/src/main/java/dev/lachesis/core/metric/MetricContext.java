package dev.lachesis.core.metric;

import dev.lachesis.core.model.SpeState;

/**
 * What a derived metric sees while it computes: the SPE's state this round and the values of the
 * metrics it declared as dependencies (already resolved by the provider).
 */
public interface MetricContext {
    /** The SPE instance the metric is computed for. */
    SpeState spe();

    /**
     * The values of a declared dependency, required or optional. An optional dependency the driver
     * cannot supply has empty values.
     *
     * @throws IllegalArgumentException if {@code metric} is not among the declared dependencies
     */
    MetricValues get(String metric);
}
