/**
 * The Storm driver: each round it finds the worker (or local-mode) JVMs that run the topologies,
 * names their threads (executor threads and helpers such as the worker's transfer thread), maps them
 * to the topologies' components as the series Storm reports to Graphite describe them, and reads
 * those series. A {@link dev.lachesis.core.spi.SpeDriverFactory} listed in this module's
 * {@code META-INF/services}, named in the YAML file ({@code driver: storm}).
 */
package dev.lachesis.drivers.storm;
