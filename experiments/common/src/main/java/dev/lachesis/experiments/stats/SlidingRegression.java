package dev.lachesis.experiments.stats;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import org.apache.commons.math3.stat.regression.SimpleRegression;

/**
 * RIoTBench STATS's sliding linear regression: per series, a least-squares line through the last
 * {@code window} values against their arrival index, and the value it predicts for the next index.
 * Commons Math's {@link SimpleRegression} keeps the sums, adding the newest value and removing the
 * one that leaves the window. Not thread-safe: one per executor, fed by a fields grouping on the
 * sensor.
 */
public final class SlidingRegression {
    private final class Series {
        private final SimpleRegression regression = new SimpleRegression();
        private final Deque<double[]> points = new ArrayDeque<>(window + 1);
        private long index;

        double add(double value) {
            double[] point = {index++, value};
            points.addLast(point);
            regression.addData(point[0], point[1]);
            if (points.size() > window) {
                double[] leaving = points.removeFirst();
                regression.removeData(leaving[0], leaving[1]);
            }
            return points.size() < window ? Double.NaN : regression.predict(index);
        }
    }

    private final int window;
    private final Map<String, Series> series = new HashMap<>();

    /** @param window values the line is fitted through, at least 2 */
    public SlidingRegression(int window) {
        if (window < 2) {
            throw new IllegalArgumentException("a line needs a window of at least two values, got " + window);
        }
        this.window = window;
    }

    /**
     * Adds {@code value} to {@code seriesName}: the value predicted for the next one once the window
     * is full, else NaN.
     */
    public double add(String seriesName, double value) {
        return series.computeIfAbsent(seriesName, s -> new Series()).add(value);
    }
}
