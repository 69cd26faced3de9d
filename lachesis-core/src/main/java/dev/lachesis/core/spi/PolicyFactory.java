package dev.lachesis.core.spi;

import dev.lachesis.core.config.ConfigException;

/** Creates policies ({@code qs}, {@code qs-io}, {@code hr}, {@code fcfs}, {@code random}); see {@link Policy}. */
public interface PolicyFactory extends PluginFactory {
    /**
     * @throws ConfigException when its parameters are invalid (one line per problem, with key path and line)
     */
    Policy create(PolicyContext context) throws ConfigException;
}
