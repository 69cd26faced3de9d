package dev.lachesis.core.metric;

import java.util.Set;

/**
 * A metric a test lists in a {@code META-INF/services} file of its own, so it can see that the
 * catalog finds metrics a module adds. Twice the input queue. Stateless.
 */
public final class ServiceLoadedTestMetric implements Metric {
    public static final String NAME = "test-twice-input-queue-size";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Set<String> dependencies() {
        return Set.of(MetricNames.INPUT_QUEUE);
    }

    @Override
    public MetricValues compute(MetricContext context) {
        MetricValues.Builder result = MetricValues.builder();
        context.get(MetricNames.INPUT_QUEUE).asMap().forEach((entity, v) -> result.put(entity, 2 * v));
        return result.build();
    }
}
