package dev.lachesis.core.spi;

import dev.lachesis.core.config.ConfigException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The factories of one extension point found on the class path, by name. A broken service entry is
 * logged and skipped so it cannot hide the others; an unknown name is a configuration error that
 * lists the names available. Immutable once loaded; thread-safe.
 *
 * @param <F> the factory type
 */
public final class Plugins<F extends PluginFactory> {
    private static final Logger LOG = LoggerFactory.getLogger(Plugins.class);

    private final String kind;
    private final Map<String, F> byName;

    private Plugins(String kind, Map<String, F> byName) {
        this.kind = kind;
        this.byName = Collections.unmodifiableMap(byName);
    }

    /**
     * Loads every factory of {@code type} with the class loader of this class.
     *
     * @param kind what the factories make, for messages ("driver", "policy")
     */
    public static <F extends PluginFactory> Plugins<F> load(Class<F> type, String kind) {
        return load(type, kind, Plugins.class.getClassLoader());
    }

    public static <F extends PluginFactory> Plugins<F> load(Class<F> type, String kind, ClassLoader loader) {
        Map<String, F> found = new TreeMap<>();
        for (F factory : services(type, kind, loader)) {
            F previous = found.putIfAbsent(factory.name(), factory);
            if (previous != null) {
                LOG.warn("Two {} plug-ins are named '{}': {} and {}; using the first", kind, factory.name(),
                        previous.getClass().getName(), factory.getClass().getName());
            }
        }
        return new Plugins<>(kind, found);
    }

    /**
     * Every service of {@code type} listed in {@code META-INF/services} on {@code loader}'s class path,
     * in class-path order: the one place the daemon calls {@link ServiceLoader}. A broken entry is
     * logged and skipped so it cannot hide the others.
     *
     * @param kind what the services are, for the message ("metric", "command")
     */
    public static <T> List<T> services(Class<T> type, String kind, ClassLoader loader) {
        List<T> found = new ArrayList<>();
        Iterator<T> it = ServiceLoader.load(type, loader).iterator();
        while (true) {
            try {
                if (!it.hasNext()) {
                    return found;
                }
                found.add(it.next());
            } catch (ServiceConfigurationError e) {
                LOG.warn("Skipping a broken {} plug-in: {}", kind, e.getMessage());
            }
        }
    }

    /** Names of every factory found, sorted. */
    public java.util.Set<String> names() {
        return byName.keySet();
    }

    /**
     * The factory named {@code name}.
     *
     * @param where the key path and line of the name in the configuration, for the message
     * @throws ConfigException naming the unknown or unavailable plug-in and listing those available
     */
    public F get(String name, String where) throws ConfigException {
        F factory = byName.get(name);
        if (factory == null) {
            throw new ConfigException(where + " was '" + name + "' but no " + kind + " has that name (available: "
                    + String.join(", ", byName.keySet()) + ")");
        }
        if (!factory.isAvailable()) {
            throw new ConfigException(where + " names the " + kind + " '" + name
                    + "', which cannot run on this machine: " + factory.description());
        }
        return factory;
    }

    public Map<String, F> asMap() {
        return byName;
    }
}
