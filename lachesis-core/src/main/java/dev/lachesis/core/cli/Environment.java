package dev.lachesis.core.cli;

import dev.lachesis.core.loop.MetricResolver;
import dev.lachesis.core.loop.PluginRegistry;
import dev.lachesis.core.loop.ProviderMetricResolver;
import dev.lachesis.core.model.JvmThread;
import dev.lachesis.core.spi.DriverException;
import dev.lachesis.core.spi.JvmThreadLister;
import java.time.Clock;
import java.util.List;
import java.util.Objects;
import java.util.ServiceLoader;
import java.util.function.Supplier;

/**
 * What the commands work with besides their arguments: the plug-ins on the class path, the JVM
 * thread discovery, the metric provider and the clock. Production uses {@link #system()}; tests
 * hand in fakes and run the commands in-process. Immutable.
 *
 * @param plugins every driver, policy, translator and metric source available
 * @param threads maps a JVM's native threads to their Java names
 * @param metrics makes a fresh metric resolver for each assembled daemon
 * @param clock the daemon's clock
 */
public record Environment(PluginRegistry plugins, JvmThreadLister threads, Supplier<MetricResolver> metrics,
                          Clock clock) {
    public Environment {
        Objects.requireNonNull(plugins, "plugins");
        Objects.requireNonNull(threads, "threads");
        Objects.requireNonNull(metrics, "metrics");
        Objects.requireNonNull(clock, "clock");
    }

    /**
     * The real thing: plug-ins and the JVM thread lister ({@code lachesis-discovery}) from the class
     * path, the system clock in UTC.
     */
    public static Environment system() {
        return new Environment(PluginRegistry.load(), threadListerOnClassPath(), ProviderMetricResolver::new,
                Clock.systemUTC());
    }

    /**
     * The class path's {@link JvmThreadLister}, looked up when a driver first asks for a JVM's threads
     * (commands that never name threads neither load nor need it), or an error saying it is missing.
     */
    private static JvmThreadLister threadListerOnClassPath() {
        return new JvmThreadLister() {
            private JvmThreadLister loaded;

            @Override
            public synchronized List<JvmThread> threads(int pid) throws DriverException {
                if (loaded == null) {
                    loaded = ServiceLoader.load(JvmThreadLister.class).findFirst().orElseThrow(() -> new DriverException(
                            "cannot name the threads of PID " + pid + ": no JVM thread lister on the class path (the"
                                    + " lachesis-discovery jar is missing)"));
                }
                return loaded.threads(pid);
            }
        };
    }
}
