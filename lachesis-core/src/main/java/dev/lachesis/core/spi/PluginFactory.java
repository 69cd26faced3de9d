package dev.lachesis.core.spi;

/**
 * What every extension point's factory has: the short name users write in the YAML file
 * ({@code driver: storm}, {@code policy: qs}, {@code translator: nice}). Factories are listed in
 * {@code META-INF/services} and loaded with {@link java.util.ServiceLoader} by {@link Plugins}.
 */
public interface PluginFactory {
    /** The name the configuration uses; lower case, unique per extension point. */
    String name();

    /**
     * Whether the plug-in can work on this machine (e.g. a JDK with the attach API, Linux). Reported
     * by {@code validate}; an unavailable plug-in named in the configuration is a start-up error.
     */
    default boolean isAvailable() {
        return true;
    }

    /** One line saying what the plug-in does, for {@code --help} style listings. */
    default String description() {
        return "";
    }
}
