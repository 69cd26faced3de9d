package dev.lachesis.core.loop;

import dev.lachesis.core.spi.MetricSourceFactory;
import dev.lachesis.core.spi.Plugins;
import dev.lachesis.core.spi.PolicyFactory;
import dev.lachesis.core.spi.SpeDriverFactory;
import dev.lachesis.core.spi.TranslatorFactory;
import java.util.Objects;

/**
 * Every plug-in a policy file may name, one {@link Plugins} per extension point, loaded once. Tests
 * load it from their own class loader to see only their fakes. Immutable; thread-safe.
 *
 * @param drivers SPE drivers ({@code spes[].driver})
 * @param policies scheduling policies ({@code policies[].policy})
 * @param translators translators ({@code policies[].translator})
 * @param metricSources metric sources ({@code metrics.source})
 */
public record PluginRegistry(Plugins<SpeDriverFactory> drivers, Plugins<PolicyFactory> policies,
                             Plugins<TranslatorFactory> translators, Plugins<MetricSourceFactory> metricSources) {
    public PluginRegistry {
        Objects.requireNonNull(drivers, "drivers");
        Objects.requireNonNull(policies, "policies");
        Objects.requireNonNull(translators, "translators");
        Objects.requireNonNull(metricSources, "metricSources");
    }

    /** The plug-ins on the class path of this class. */
    public static PluginRegistry load() {
        return load(PluginRegistry.class.getClassLoader());
    }

    /** The plug-ins {@code loader} can see. */
    public static PluginRegistry load(ClassLoader loader) {
        return new PluginRegistry(
                Plugins.load(SpeDriverFactory.class, "driver", loader),
                Plugins.load(PolicyFactory.class, "policy", loader),
                Plugins.load(TranslatorFactory.class, "translator", loader),
                Plugins.load(MetricSourceFactory.class, "metric source", loader));
    }
}
