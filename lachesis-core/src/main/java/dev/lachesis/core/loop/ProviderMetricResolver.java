package dev.lachesis.core.loop;

import dev.lachesis.core.config.ConfigException;
import dev.lachesis.core.metric.MetricCatalog;
import dev.lachesis.core.metric.MetricProvider;
import dev.lachesis.core.metric.MetricValues;
import dev.lachesis.core.model.SpeState;
import dev.lachesis.core.spi.DriverException;
import dev.lachesis.core.spi.SpeDriver;
import java.util.Collection;
import java.util.Map;
import java.util.Set;

/**
 * The production {@link MetricResolver}: the metric provider over every metric on the class path
 * (built-ins and {@code ServiceLoader} additions). Not thread-safe; used by the loop's thread.
 */
public final class ProviderMetricResolver implements MetricResolver {
    private final MetricProvider provider;

    public ProviderMetricResolver() {
        this.provider = new MetricProvider(MetricCatalog.load());
    }

    @Override
    public void register(Collection<String> metricNames) {
        provider.register(metricNames);
    }

    @Override
    public void checkResolvable(String speName, Set<String> provided) throws ConfigException {
        provider.checkResolvable(speName, provided);
    }

    @Override
    public Map<String, MetricValues> update(SpeState state, SpeDriver driver) throws DriverException {
        return provider.update(state, driver);
    }
}
