package dev.lachesis.sources.metrics;

/**
 * One value of a series as Graphite stores it. Immutable.
 *
 * @param path the series' full name
 * @param value the value
 * @param epochSeconds the time Graphite files it under
 */
public record MetricPoint(String path, double value, long epochSeconds) {
}
