package dev.lachesis.core.spi;

import dev.lachesis.core.config.ConfigNode;
import java.time.Clock;
import java.util.List;

/**
 * What a driver gets at creation: the SPE instance's name, its own configuration sub-tree
 * ({@code spes[i]}, for its {@code settings} and {@code discovery}), the process ids the user
 * named, the shared metric source and the shared JVM thread discovery. The keys every SPE entry
 * has ({@code name}, {@code pids}, {@code metrics}) are bound and checked by the core once, so a
 * driver reads {@link #pids()} and never parses them again.
 *
 * @param speName the SPE instance's name from the configuration
 * @param config the driver's sub-tree of the configuration
 * @param pids the worker processes the user named ({@code spes[i].pids}, each positive); empty when
 *     the driver finds them itself
 * @param metrics the metric source of this SPE instance
 * @param threads maps native threads of a JVM to their Java names
 * @param clock the daemon's clock
 */
public record DriverContext(String speName, ConfigNode config, List<Integer> pids, MetricSource metrics,
                            JvmThreadLister threads, Clock clock) {
    public DriverContext {
        pids = List.copyOf(pids);
    }
}
