package dev.lachesis.core.spi;

import dev.lachesis.core.config.ConfigNode;
import java.time.Clock;

/**
 * What a driver gets at creation: the SPE instance's name, its own configuration sub-tree
 * ({@code spes[i]}, with {@code pids} and {@code settings}), the shared metric source and the
 * shared JVM thread discovery.
 *
 * @param speName the SPE instance's name from the configuration
 * @param config the driver's sub-tree of the configuration
 * @param metrics the metric source of this SPE instance
 * @param threads maps native threads of a JVM to their Java names
 * @param clock the daemon's clock
 */
public record DriverContext(String speName, ConfigNode config, MetricSource metrics, JvmThreadLister threads,
                            Clock clock) {
}
