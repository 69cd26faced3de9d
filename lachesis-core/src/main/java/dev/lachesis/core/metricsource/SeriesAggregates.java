package dev.lachesis.core.metricsource;

import dev.lachesis.core.spi.DataPoint;
import dev.lachesis.core.spi.Series;
import java.util.List;
import java.util.OptionalDouble;

/**
 * The few aggregates drivers compute in Java from raw series, so nothing depends on which Graphite
 * functions a server version has: last value, mean and sum over the window, and the per-second rate
 * of a counter. Empty buckets are skipped; a series with no value this round gives an empty result,
 * which is data, not an error (each metric decides what a policy sees then). Stateless.
 */
public final class SeriesAggregates {
    private SeriesAggregates() {
    }

    /** The most recent present value. */
    public static OptionalDouble last(Series series) {
        return last(series.points());
    }

    /** The most recent present value. */
    public static OptionalDouble last(List<DataPoint> points) {
        for (int i = points.size() - 1; i >= 0; i--) {
            if (points.get(i).isPresent()) {
                return OptionalDouble.of(points.get(i).value());
            }
        }
        return OptionalDouble.empty();
    }

    /** The mean of the present values. */
    public static OptionalDouble mean(Series series) {
        return mean(series.points());
    }

    /** The mean of the present values. */
    public static OptionalDouble mean(List<DataPoint> points) {
        double sum = 0;
        int count = 0;
        for (DataPoint p : points) {
            if (p.isPresent()) {
                sum += p.value();
                count++;
            }
        }
        return count == 0 ? OptionalDouble.empty() : OptionalDouble.of(sum / count);
    }

    /** The sum of the present values. */
    public static OptionalDouble sum(Series series) {
        return sum(series.points());
    }

    /** The sum of the present values. */
    public static OptionalDouble sum(List<DataPoint> points) {
        double sum = 0;
        boolean any = false;
        for (DataPoint p : points) {
            if (p.isPresent()) {
                sum += p.value();
                any = true;
            }
        }
        return any ? OptionalDouble.of(sum) : OptionalDouble.empty();
    }

    /** The per-second rate of a counter; see {@link #rate(List)}. */
    public static OptionalDouble rate(Series series) {
        return rate(series.points());
    }

    /**
     * The per-second rate of a monotonically increasing counter: the difference between its last and
     * first present values over the seconds between them. Empty when fewer than two points are
     * present, and when the counter went down (the process that counts restarted), since the
     * difference then says nothing about the rate.
     */
    public static OptionalDouble rate(List<DataPoint> points) {
        DataPoint first = null;
        DataPoint last = null;
        for (DataPoint p : points) {
            if (p.isPresent()) {
                if (first == null) {
                    first = p;
                }
                last = p;
            }
        }
        if (first == null || last.epochSeconds() <= first.epochSeconds() || last.value() < first.value()) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of((last.value() - first.value()) / (last.epochSeconds() - first.epochSeconds()));
    }
}
