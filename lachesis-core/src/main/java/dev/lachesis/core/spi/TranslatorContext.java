package dev.lachesis.core.spi;

import dev.lachesis.core.config.ConfigNode;

/**
 * What a translator gets at creation.
 *
 * @param name the name of the policy it serves (for group names and messages)
 * @param config its own settings ({@code policies[i].translator-settings}: range, normaliser, ...)
 * @param cgroups the daemon-wide {@code cgroups} section (hierarchy root, RT budget)
 * @param journal where original thread settings are recorded for {@code lachesis restore}
 */
public record TranslatorContext(String name, ConfigNode config, ConfigNode cgroups, java.nio.file.Path journal) {
}
