package dev.lachesis.core.spi;

import dev.lachesis.core.config.ConfigException;

/** Creates drivers for one kind of SPE ({@code storm}, {@code flink}); see {@link SpeDriver}. */
public interface SpeDriverFactory extends PluginFactory {
    /**
     * Creates a driver.
     *
     * @throws ConfigException when its settings are invalid (one line per problem, with key path and line)
     */
    SpeDriver create(DriverContext context) throws ConfigException;
}
