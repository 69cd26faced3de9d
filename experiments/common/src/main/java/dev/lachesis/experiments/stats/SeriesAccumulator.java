package dev.lachesis.experiments.stats;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * RIoTBench STATS's accumulator (its "group viz" step): collects the points of each series (a
 * statistic of a sensor's field) until {@code batchSize} are in, then hands the batch on to be
 * plotted and starts the next. Not thread-safe: one per executor, fed by a fields grouping on the
 * series.
 */
public final class SeriesAccumulator {
    /** One point of a series: the time of the reading it was computed at and its value. Immutable. */
    public record Point(long timeMs, double value) {
    }

    private final int batchSize;
    private final Map<String, List<Point>> batches = new HashMap<>();

    /** @param batchSize points per batch, at least 2 (a line needs two) */
    public SeriesAccumulator(int batchSize) {
        if (batchSize < 2) {
            throw new IllegalArgumentException("a batch needs at least two points, got " + batchSize);
        }
        this.batchSize = batchSize;
    }

    /** Adds a point to {@code series}: the full batch, in arrival order, when this point fills it, else empty. */
    public List<Point> add(String series, long timeMs, double value) {
        List<Point> batch = batches.computeIfAbsent(series, s -> new ArrayList<>(batchSize));
        batch.add(new Point(timeMs, value));
        if (batch.size() < batchSize) {
            return List.of();
        }
        batches.remove(series);
        return List.copyOf(batch);
    }
}
