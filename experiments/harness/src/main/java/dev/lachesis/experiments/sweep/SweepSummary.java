package dev.lachesis.experiments.sweep;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The table a sweep prints at its end: per rate and mode, the mean over repetitions of throughput
 * at the sink and at the source, end-to-end latency (p50) and the policy goal, so the outcome is visible before any plot is drawn.
 */
final class SweepSummary {
    private SweepSummary() {
    }

    static void print(PrintWriter out, List<TrialResult> results) {
        Map<Double, Map<String, List<TrialResult>>> byRate = results.stream().collect(Collectors.groupingBy(
                r -> r.trial().rate(), TreeMap::new, Collectors.groupingBy(r -> r.trial().mode().label(),
                        java.util.LinkedHashMap::new, Collectors.toList())));
        out.printf("%n%10s  %-18s %12s %12s %14s %8s%n", "RATE", "MODE", "THROUGHPUT", "AT SOURCE", "E2E P50 (MS)",
                "GOAL");
        byRate.forEach((rate, modes) -> modes.forEach((mode, runs) -> out.printf(Locale.ROOT,
                "%10s  %-18s %12.0f %12.0f %14.1f %8.3f%n", MeasurementFiles.number(rate), mode,
                mean(runs, r -> r.sink().throughput()), mean(runs, r -> r.sink().sourceThroughput()),
                mean(runs, r -> r.sink().endToEnd().quantileMicros(0.5) / 1000),
                mean(runs, TrialResult::goalCv))));
        out.flush();
    }

    private static double mean(List<TrialResult> runs, java.util.function.ToDoubleFunction<TrialResult> metric) {
        return runs.stream().mapToDouble(metric).filter(v -> !Double.isNaN(v)).average().orElse(Double.NaN);
    }
}
