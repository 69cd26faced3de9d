package dev.lachesis.core.metric;

import java.util.Objects;
import java.util.Set;

/**
 * A metric only a driver can provide (a queue length or a rate the SPE publishes). It is in the
 * {@link MetricCatalog} so that policies can register it and so that a missing one is reported by
 * name at start-up; the provider never computes it. Immutable.
 *
 * @param name the metric's name, see {@link MetricNames}
 */
public record PrimitiveMetric(String name) implements Metric {
    public PrimitiveMetric {
        Objects.requireNonNull(name, "name");
    }

    @Override
    public Set<String> dependencies() {
        return Set.of();
    }

    /**
     * Never called: the provider takes a primitive metric from the driver or reports it missing.
     *
     * @throws IllegalStateException always
     */
    @Override
    public MetricValues compute(MetricContext context) {
        throw new IllegalStateException("primitive metric '" + name + "' can only come from a driver");
    }
}
