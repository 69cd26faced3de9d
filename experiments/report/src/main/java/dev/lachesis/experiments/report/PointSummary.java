package dev.lachesis.experiments.report;

import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * A point's repetitions folded into one estimate per metric: a row of {@code summary.csv} and a
 * marker with its error bar in the charts. Immutable.
 *
 * @param point     the setup, rate and mode
 * @param reps      the repetition numbers that were averaged, ascending
 * @param estimates every metric's mean and confidence interval
 */
public record PointSummary(Point point, List<Integer> reps, Map<Metric, Estimate> estimates) {
    public PointSummary {
        reps = List.copyOf(reps);
        estimates = Collections.unmodifiableMap(new EnumMap<>(estimates));
    }

    /** The estimate of {@code metric}. */
    public Estimate estimate(Metric metric) {
        return estimates.get(metric);
    }
}
