package dev.lachesis.experiments.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.commons.csv.CSVPrinter;

/**
 * Writes {@code summary.csv}: one row per (spe, query, wait_strategy, rate, mode) with the number of
 * repetitions and, for every {@link Metric}, its mean ({@code <metric>_mean}) and the half-width of
 * its 95% Student-t confidence interval ({@code <metric>_ci95}, so the interval is mean ± ci95),
 * {@code NaN} where unknown. Same conventions as the harness's files: {@link CsvDialect}, {@code .}
 * decimals.
 */
public final class SummaryCsv {
    /** The file name inside the sweep's directory. */
    public static final String FILE = "summary.csv";

    private SummaryCsv() {
    }

    /** Writes {@code summary}'s points to {@code file}, replacing it. */
    public static void write(SweepSummary summary, Path file) throws IOException {
        List<String> header = new ArrayList<>(List.of("spe", "query", "wait_strategy", "rate", "mode", "reps"));
        for (Metric metric : Metric.values()) {
            header.add(metric.column() + "_mean");
            header.add(metric.column() + "_ci95");
        }
        try (CSVPrinter out = new CSVPrinter(Files.newBufferedWriter(file, StandardCharsets.UTF_8),
                CsvDialect.FORMAT.builder().setHeader(header.toArray(String[]::new)).get())) {
            for (PointSummary point : summary.points()) {
                Setup setup = point.point().setup();
                List<String> row = new ArrayList<>(List.of(setup.spe(), setup.query(), setup.waitStrategy(),
                        number(point.point().rate()), point.point().mode().label(),
                        Integer.toString(point.reps().size())));
                for (Metric metric : Metric.values()) {
                    Estimate estimate = point.estimate(metric);
                    row.add(number(estimate.mean()));
                    row.add(number(estimate.halfWidth()));
                }
                out.printRecord(row);
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
