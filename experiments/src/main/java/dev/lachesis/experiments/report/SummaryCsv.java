package dev.lachesis.experiments.report;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Writes {@code summary.csv}: one row per (spe, query, wait_strategy, rate, mode) with the number of
 * repetitions and, for every {@link Metric}, its mean ({@code <metric>_mean}) and the half-width of
 * its 95% Student-t confidence interval ({@code <metric>_ci95}, so the interval is mean ± ci95),
 * {@code NaN} where unknown. Same conventions as the harness's files: comma-separated, {@code .}
 * decimals.
 */
public final class SummaryCsv {
    /** The file name inside the sweep's directory. */
    public static final String FILE = "summary.csv";

    private SummaryCsv() {
    }

    /** Writes {@code summary}'s points to {@code file}, replacing it. */
    public static void write(SweepSummary summary, Path file) throws IOException {
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            StringBuilder header = new StringBuilder("spe,query,wait_strategy,rate,mode,reps");
            for (Metric metric : Metric.values()) {
                header.append(',').append(metric.column()).append("_mean,").append(metric.column()).append("_ci95");
            }
            out.write(header.append('\n').toString());
            for (PointSummary point : summary.points()) {
                Setup setup = point.point().setup();
                StringBuilder row = new StringBuilder()
                        .append(setup.spe()).append(',').append(setup.query()).append(',').append(setup.waitStrategy())
                        .append(',').append(number(point.point().rate())).append(',').append(point.point().mode().label())
                        .append(',').append(point.reps().size());
                for (Metric metric : Metric.values()) {
                    Estimate estimate = point.estimate(metric);
                    row.append(',').append(number(estimate.mean())).append(',').append(number(estimate.halfWidth()));
                }
                out.write(row.append('\n').toString());
            }
        }
    }

    /** A number as the reader expects it: {@code NaN}, or a plain decimal without exponent noise for whole values. */
    static String number(double value) {
        if (Double.isNaN(value)) {
            return "NaN";
        }
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            return String.format(Locale.ROOT, "%.1f", value);
        }
        return Double.toString(value);
    }
}
