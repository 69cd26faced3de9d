package dev.lachesis.experiments.report;

import dev.lachesis.experiments.mode.SchedulingMode;
import dev.lachesis.experiments.report.PaperTable1.Comparison;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One cell of Table 1: how much LACHESIS-MOD-RT's mean of a metric differs from a baseline's, in
 * percent of the baseline, {@code (modRt - baseline) / baseline · 100}, computed per input rate and
 * averaged over the given rates. A rate at which either mode has no mean is left out. Immutable.
 *
 * @param percent the average relative change in percent
 * @param rates   the rates that were averaged, ascending
 */
public record RelativeChange(double percent, List<Double> rates) {
    public RelativeChange {
        rates = List.copyOf(rates);
    }

    /** The change over those of {@code candidateRates} at which both modes have a mean; empty if none. */
    public static Optional<RelativeChange> of(SweepSummary summary, Setup setup, Comparison comparison, Metric metric,
                                              List<Double> candidateRates) {
        List<Double> used = new ArrayList<>();
        double sum = 0;
        for (double rate : candidateRates) {
            double modRt = mean(summary, setup, rate, SchedulingMode.LACHESIS_MOD_RT, metric);
            double baseline = mean(summary, setup, rate, comparison.baseline(), metric);
            if (Double.isNaN(modRt) || Double.isNaN(baseline) || baseline == 0) {
                continue;
            }
            sum += (modRt - baseline) / baseline * 100;
            used.add(rate);
        }
        return used.isEmpty() ? Optional.empty() : Optional.of(new RelativeChange(sum / used.size(), used));
    }

    private static double mean(SweepSummary summary, Setup setup, double rate, SchedulingMode mode, Metric metric) {
        return summary.point(setup, rate, mode).map(p -> p.estimate(metric).mean()).orElse(Double.NaN);
    }
}
