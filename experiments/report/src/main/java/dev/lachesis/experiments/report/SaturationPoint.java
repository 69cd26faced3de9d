package dev.lachesis.experiments.report;

import dev.lachesis.experiments.launch.KeepUpMeasure;
import dev.lachesis.experiments.mode.SchedulingMode;
import java.util.List;
import java.util.OptionalDouble;

/**
 * Where the kernel alone stops keeping up: the lowest input rate at which OS's mean throughput falls
 * below {@value #KEPT_UP_SHARE} of the input rate, at the sink or, for a query that aggregates or a generated shape, at
 * the source ({@link KeepUpMeasure}). Table 1 averages its comparisons over the rates
 * from this point up, as the 2023 paper does over "the input rates beyond the saturation limit".
 */
public final class SaturationPoint {
    /** The share of the input rate a run must process to count as keeping up. */
    public static final double KEPT_UP_SHARE = 0.95;

    private SaturationPoint() {
    }

    /**
     * The lowest rate among {@code osPoints} whose mean throughput (where {@link KeepUpMeasure} says)
     * is below {@link #KEPT_UP_SHARE} times the rate; empty if OS keeps up at every rate (a point without a throughput is skipped).
     */
    public static OptionalDouble of(List<PointSummary> osPoints) {
        return osPoints.stream()
                .filter(p -> p.point().mode() == SchedulingMode.OS)
                .filter(p -> p.estimate(keepUpMetric(p)).mean() < KEPT_UP_SHARE * p.point().rate())
                .mapToDouble(p -> p.point().rate())
                .min();
    }

    private static Metric keepUpMetric(PointSummary point) {
        return KeepUpMeasure.of(point.point().setup().query()) == KeepUpMeasure.SOURCE
                ? Metric.SOURCE_THROUGHPUT : Metric.THROUGHPUT;
    }
}
