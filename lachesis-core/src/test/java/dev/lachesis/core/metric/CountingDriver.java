package dev.lachesis.core.metric;

import dev.lachesis.core.model.SpeState;
import dev.lachesis.core.spi.DriverException;
import dev.lachesis.core.spi.SpeDriver;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A driver fake with fixed metric values that records every {@link #fetch} call, so tests can
 * assert how often and for what the metric provider asked. Not thread-safe.
 */
public final class CountingDriver implements SpeDriver {
    private final SpeState state;
    private final Map<String, MetricValues> values = new HashMap<>();
    private final List<Set<String>> fetches = new ArrayList<>();

    public CountingDriver(SpeState state) {
        this.state = state;
    }

    /** Makes the driver provide {@code metric} with these values. */
    public CountingDriver provide(String metric, Map<String, Double> entityValues) {
        values.put(metric, MetricValues.of(entityValues));
        return this;
    }

    /** Every set of metrics asked for, one per fetch call. */
    public List<Set<String>> fetches() {
        return fetches;
    }

    @Override
    public SpeState refresh() {
        return state;
    }

    @Override
    public Set<String> providedMetrics() {
        return Set.copyOf(values.keySet());
    }

    @Override
    public Map<String, MetricValues> fetch(SpeState state, Set<String> metrics) throws DriverException {
        fetches.add(Set.copyOf(metrics));
        Map<String, MetricValues> result = new HashMap<>();
        for (String metric : metrics) {
            if (!values.containsKey(metric)) {
                throw new DriverException("asked for " + metric + ", which this driver does not provide");
            }
            result.put(metric, values.get(metric));
        }
        return result;
    }
}
