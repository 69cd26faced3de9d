package dev.lachesis.core.metric;

import dev.lachesis.core.model.SpeState;
import java.util.HashMap;
import java.util.Map;

/**
 * A {@link MetricContext} with fixed dependency values, for testing one derived metric as the
 * pure function it is. Like the provider's own context, it refuses a metric the computed metric did
 * not declare, so a test also catches an undeclared dependency. Mutable while a test builds it.
 */
public final class FixedMetricContext implements MetricContext {
    private final SpeState spe;
    private final Metric metric;
    private final Map<String, MetricValues> values = new HashMap<>();

    public FixedMetricContext(SpeState spe, Metric metric) {
        this.spe = spe;
        this.metric = metric;
    }

    /** Sets a dependency's values. */
    public FixedMetricContext with(String name, Map<String, Double> entityValues) {
        values.put(name, MetricValues.of(entityValues));
        return this;
    }

    /** Computes the metric under test. */
    public MetricValues compute() {
        return metric.compute(this);
    }

    @Override
    public SpeState spe() {
        return spe;
    }

    @Override
    public MetricValues get(String name) {
        if (!metric.dependencies().contains(name) && !metric.optionalDependencies().contains(name)) {
            throw new IllegalArgumentException(metric.name() + " did not declare " + name);
        }
        return values.getOrDefault(name, MetricValues.empty());
    }
}
