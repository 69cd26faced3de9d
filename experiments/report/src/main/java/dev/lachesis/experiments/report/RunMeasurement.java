package dev.lachesis.experiments.report;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/**
 * One row of {@code measurements.csv}: what one repetition of a point measured. A metric the run
 * did not measure is {@code NaN}. Immutable.
 *
 * @param point  the setup, rate and mode
 * @param rep    the repetition, from 1
 * @param values every {@link Metric}'s value
 */
public record RunMeasurement(Point point, int rep, Map<Metric, Double> values) {
    public RunMeasurement {
        if (values.size() != Metric.values().length) {
            throw new IllegalArgumentException("a run needs a value (or NaN) for each of " + Metric.values().length
                    + " metrics, got " + values.keySet());
        }
        values = Collections.unmodifiableMap(new EnumMap<>(values));
    }

    /** The value of {@code metric}, {@code NaN} when the run did not measure it. */
    public double value(Metric metric) {
        return values.get(metric);
    }
}
