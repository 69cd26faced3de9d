package dev.lachesis.core.metricsource.graphite;

import dev.lachesis.core.config.ConfigException;
import dev.lachesis.core.config.ConfigNode;
import dev.lachesis.core.spi.MetricSource;
import dev.lachesis.core.spi.MetricSourceFactory;

/** Makes {@code source: graphite}: reads the SPEs' metrics from a Graphite server's render API. */
public final class GraphiteMetricSourceFactory implements MetricSourceFactory {
    @Override
    public String name() {
        return "graphite";
    }

    @Override
    public String description() {
        return "reads metrics from a Graphite server's render API (graphite-web)";
    }

    @Override
    public MetricSource create(ConfigNode config) throws ConfigException {
        return new GraphiteMetricSource(GraphiteSourceConfig.bind(config));
    }
}
