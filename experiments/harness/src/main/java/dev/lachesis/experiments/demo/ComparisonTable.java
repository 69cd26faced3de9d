package dev.lachesis.experiments.demo;

import dev.lachesis.experiments.measure.LatencyHistogram;
import dev.lachesis.experiments.run.PhaseResult;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * The demo's result: the 2023 paper's metrics for each half side by side, with the change from the
 * first to the second. Throughput is higher-is-better, latencies lower-is-better. Stateless.
 */
final class ComparisonTable {
    private ComparisonTable() {
    }

    static void print(PrintWriter out, PhaseResult before, PhaseResult after) {
        String format = "  %-28s %16s %16s %9s%n";
        out.printf(format, "", before.phase(), after.phase(), "change");
        line(out, format, "throughput (tuples/s)", before, after, PhaseResult::throughput);
        for (String kind : List.of("latency", "end-to-end latency")) {
            boolean e2e = kind.startsWith("end");
            for (String stat : List.of("mean", "p50", "p99")) {
                line(out, format, kind + " " + stat + " (ms)", before, after, r -> millis(e2e ? r.endToEnd() : r.latency(), stat));
            }
        }
        out.printf(format, "tuples measured", before.latency().count(), after.latency().count(), "");
        out.printf(format, "measured for (s)", seconds(before), seconds(after), "");
    }

    private static void line(PrintWriter out, String format, String name, PhaseResult before, PhaseResult after,
                             ToDoubleFunction<PhaseResult> metric) {
        double a = metric.applyAsDouble(before);
        double b = metric.applyAsDouble(after);
        String change = a > 0 && !Double.isNaN(b) ? String.format(Locale.ROOT, "%+.1f%%", (b - a) / a * 100) : "-";
        out.printf(format, name, decimal(a), decimal(b), change);
    }

    private static double millis(LatencyHistogram h, String stat) {
        double micros = switch (stat) {
            case "mean" -> h.meanMicros();
            case "p50" -> h.quantileMicros(0.5);
            default -> h.quantileMicros(0.99);
        };
        return micros / 1000;
    }

    private static String seconds(PhaseResult r) {
        return String.format(Locale.ROOT, "%.0f", r.seconds());
    }

    private static String decimal(double value) {
        if (Double.isNaN(value)) {
            return "-";
        }
        return String.format(Locale.ROOT, value >= 100 ? "%.0f" : "%.2f", value);
    }
}
