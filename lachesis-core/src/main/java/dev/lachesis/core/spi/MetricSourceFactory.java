package dev.lachesis.core.spi;

import dev.lachesis.core.config.ConfigException;
import dev.lachesis.core.config.ConfigNode;

/** Creates metric sources ({@code graphite}, {@code embedded}) from the {@code metrics} section. */
public interface MetricSourceFactory extends PluginFactory {
    /**
     * @throws ConfigException when the settings are invalid (one line per problem, with key path and line)
     */
    MetricSource create(ConfigNode config) throws ConfigException;
}
