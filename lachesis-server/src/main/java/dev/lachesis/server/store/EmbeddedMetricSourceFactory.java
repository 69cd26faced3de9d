package dev.lachesis.server.store;

import dev.lachesis.core.config.ConfigException;
import dev.lachesis.core.config.ConfigNode;
import dev.lachesis.core.spi.MetricSource;
import dev.lachesis.core.spi.MetricSourceFactory;
import java.io.IOException;
import java.time.Clock;

/**
 * Makes {@code source: embedded}: an in-process carbon-compatible store the SPE reporters send to,
 * for machines without Graphite.
 */
public final class EmbeddedMetricSourceFactory implements MetricSourceFactory {
    @Override
    public String name() {
        return "embedded";
    }

    @Override
    public String description() {
        return "an in-process store that takes carbon plaintext and serves Graphite's render API";
    }

    @Override
    public MetricSource create(ConfigNode config) throws ConfigException {
        EmbeddedSourceConfig bound = EmbeddedSourceConfig.bind(config);
        try {
            return EmbeddedMetricSource.start(bound.settings(), bound.window(), Clock.systemUTC());
        } catch (IOException e) {
            throw new ConfigException(config.path() + ".settings: " + e.getMessage());
        }
    }
}
