/**
 * Where a driver reads the SPE's raw series: a metric source
 * ({@link dev.lachesis.core.spi.MetricSource}) answers Graphite-style glob patterns with series of
 * points. Two ship with the daemon: {@code graphite}, here (the render API of a Graphite the SPE
 * reports to), and {@code embedded}, in {@code lachesis-server} (a small carbon receiver and render
 * endpoint inside the daemon, for a machine without Graphite). Not to be confused with the source operators of
 * {@code source-operators}, which are the SPE's own input operators.
 */
package dev.lachesis.core.metricsource;
