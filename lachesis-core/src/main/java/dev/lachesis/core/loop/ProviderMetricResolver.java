package dev.lachesis.core.loop;

import dev.lachesis.core.config.ConfigException;
import dev.lachesis.core.metric.MetricCatalog;
import dev.lachesis.core.metric.MetricProvider;
import dev.lachesis.core.metric.MetricValues;
import dev.lachesis.core.model.SpeState;
import dev.lachesis.core.spi.DriverException;
import dev.lachesis.core.spi.SpeDriver;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The production {@link MetricResolver}: the metric provider over every metric on the class path
 * (built-ins and {@code ServiceLoader} additions). Not thread-safe; used by the loop's thread.
 */
public final class ProviderMetricResolver implements MetricResolver {
    private final MetricCatalog catalog;
    private final MetricProvider provider;

    public ProviderMetricResolver() {
        this.catalog = MetricCatalog.load();
        this.provider = new MetricProvider(catalog);
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
    public boolean canResolve(String metricName, Set<String> provided) {
        MetricProvider probe = new MetricProvider(catalog);
        probe.register(List.of(metricName));
        try {
            probe.checkResolvable("probe", provided);
            return true;
        } catch (ConfigException e) {
            return false;
        }
    }

    @Override
    public Map<String, MetricValues> update(SpeState state, SpeDriver driver) throws DriverException {
        return provider.update(state, driver);
    }
}
