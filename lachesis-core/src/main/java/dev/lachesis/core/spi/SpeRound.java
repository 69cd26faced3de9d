package dev.lachesis.core.spi;

import dev.lachesis.core.metric.MetricValues;
import dev.lachesis.core.model.SpeState;
import java.util.Map;
import java.util.Objects;

/**
 * One SPE instance as a policy sees it in one round: its state and every registered metric the
 * metric provider resolved for it. Immutable.
 *
 * @param state the driver's snapshot
 * @param metrics metric name → values, for every metric the policies registered
 */
public record SpeRound(SpeState state, Map<String, MetricValues> metrics) {
    public SpeRound {
        Objects.requireNonNull(state, "state");
        metrics = Map.copyOf(metrics);
    }

    /**
     * The values of a registered metric.
     *
     * @throws IllegalArgumentException when no policy registered {@code metric} (a bug in the policy)
     */
    public MetricValues metric(String metric) {
        MetricValues values = metrics.get(metric);
        if (values == null) {
            throw new IllegalArgumentException("metric '" + metric + "' was not registered; registered: "
                    + metrics.keySet());
        }
        return values;
    }
}
