package dev.lachesis.experiments.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Writes small {@code measurements.csv} / {@code operators.csv} files the way the sweep harness
 * does, for tests that read them back. Metrics a test does not name get plausible fixed values. As
 * long as no run gives a throughput at the source, the files have the columns of the sweeps from
 * before the sources counted ({@link #MEASUREMENTS_HEADER}); once one does, the source column is
 * there and runs without one have {@code NaN}.
 */
final class SweepFixture {
    static final String MEASUREMENTS_HEADER = "spe,query,wait_strategy,rate,mode,rep,seconds,throughput,"
            + "latency_mean_ms,latency_p50_ms,latency_p99_ms,e2e_mean_ms,e2e_p50_ms,e2e_p99_ms,goal_cv,"
            + "daemon_cpu_share,round_p50_ms,round_p99_ms,rounds";
    static final String OPERATORS_HEADER = "spe,query,wait_strategy,rate,mode,rep,operator,queue_mean,priority_mean,mechanism";

    /** One run: the key and throughput, the source's throughput (or NaN), the rest of the row. */
    private record Row(String head, double sourceThroughput, String tail) {
    }

    private final List<Row> runs = new ArrayList<>();
    private final StringBuilder operators = new StringBuilder(OPERATORS_HEADER).append('\n');

    /** A run of {@code setup} (e.g. {@code storm,etl,progressive}) with the given throughput and mean e2e latency. */
    SweepFixture run(String setup, double rate, String mode, int rep, double throughput, double e2eMeanMs) {
        return run(setup, rate, mode, rep, Double.NaN, throughput, e2eMeanMs);
    }

    /** A run with a throughput at the source too. */
    SweepFixture run(String setup, double rate, String mode, int rep, double sourceThroughput, double throughput,
                     double e2eMeanMs) {
        String daemonCpu = mode.equals("OS") ? "NaN" : "0.003";
        runs.add(new Row(String.format(Locale.ROOT, "%s,%s,%s,%d,60,%s", setup, rate, mode, rep, throughput),
                sourceThroughput, String.format(Locale.ROOT, "%s,%s,%s,%s,%s,%s,0.5,%s,4.5,9.0,60", e2eMeanMs / 2,
                        e2eMeanMs / 3, e2eMeanMs, e2eMeanMs, e2eMeanMs / 2, e2eMeanMs * 2, daemonCpu)));
        return this;
    }

    /** One operator row of a run. */
    SweepFixture operator(String setup, double rate, String mode, int rep, String operator, double queue,
                          double priority, String mechanism) {
        operators.append(String.format(Locale.ROOT, "%s,%s,%s,%d,%s,%s,%s,%s%n", setup, rate, mode, rep, operator, queue,
                priority, mechanism));
        return this;
    }

    /** Writes both files into {@code dir}. */
    void writeTo(Path dir) throws IOException {
        boolean sourcesCounted = runs.stream().anyMatch(r -> !Double.isNaN(r.sourceThroughput()));
        StringBuilder measurements = new StringBuilder(sourcesCounted
                ? MEASUREMENTS_HEADER.replace(",throughput,", ",throughput,source_throughput,") : MEASUREMENTS_HEADER)
                .append('\n');
        for (Row run : runs) {
            measurements.append(run.head()).append(',');
            if (sourcesCounted) {
                measurements.append(Double.isNaN(run.sourceThroughput()) ? "NaN" : run.sourceThroughput()).append(',');
            }
            measurements.append(run.tail()).append('\n');
        }
        Files.writeString(dir.resolve(SweepCsv.MEASUREMENTS), measurements);
        Files.writeString(dir.resolve(SweepCsv.OPERATORS), operators);
    }

    /** The summary of what was added, read back through the CSV files in {@code dir}. */
    SweepSummary summary(Path dir) throws IOException {
        writeTo(dir);
        return SweepSummary.of(SweepCsv.readMeasurements(dir.resolve(SweepCsv.MEASUREMENTS)),
                SweepCsv.readOperators(dir.resolve(SweepCsv.OPERATORS)));
    }
}
