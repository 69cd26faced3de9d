package dev.lachesis.core.testing;

import dev.lachesis.core.config.ConfigException;
import dev.lachesis.core.loop.MetricResolver;
import dev.lachesis.core.metric.MetricValues;
import dev.lachesis.core.model.SpeState;
import dev.lachesis.core.spi.DriverException;
import dev.lachesis.core.spi.SpeDriver;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A metric resolver without derived metrics: every registered metric must be provided by the
 * driver, which is asked for all of them at once. Records what was registered.
 */
public final class FakeResolver implements MetricResolver {
    private final Set<String> registered = new LinkedHashSet<>();

    @Override
    public void register(Collection<String> metricNames) {
        registered.addAll(metricNames);
    }

    @Override
    public boolean canResolve(String metricName, Set<String> provided) {
        return provided.contains(metricName);
    }

    @Override
    public void checkResolvable(String speName, Set<String> provided) throws ConfigException {
        List<String> problems = new ArrayList<>();
        for (String metric : registered) {
            if (!provided.contains(metric)) {
                problems.add("metric '" + metric + "' cannot be resolved for SPE '" + speName + "'");
            }
        }
        if (!problems.isEmpty()) {
            throw new ConfigException(problems);
        }
    }

    @Override
    public Map<String, MetricValues> update(SpeState state, SpeDriver driver) throws DriverException {
        return driver.fetch(state, registered);
    }

    public Set<String> registered() {
        return Set.copyOf(registered);
    }
}
