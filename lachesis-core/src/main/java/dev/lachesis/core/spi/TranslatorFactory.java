package dev.lachesis.core.spi;

import dev.lachesis.core.config.ConfigException;

/** Creates translators ({@code nice}, {@code rt}, {@code cgroup}); see {@link Translator}. */
public interface TranslatorFactory extends PluginFactory {
    /**
     * @throws ConfigException when its settings are invalid (one line per problem, with key path and line)
     */
    Translator create(TranslatorContext context) throws ConfigException;
}
