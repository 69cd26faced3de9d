package dev.lachesis.experiments.sweep;

import dev.lachesis.experiments.measure.SinkReport;
import dev.lachesis.experiments.report.CsvDialect;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.csv.CSVPrinter;

/**
 * Appends every trial's figures to {@value #MEASUREMENTS} (one row per trial),
 * {@value #OPERATORS} (one row per trial and operator) and {@value #SECONDS} (one row per trial and
 * second of its sink reports, warm-up included, to see when it became steady) as it finishes, flushed at once, so an
 * interrupted sweep keeps what it measured. RFC 4180 CSV with a header (a field holding a comma, a
 * quote or a line break, e.g. a Flink operator's name, is quoted), {@code .} decimals,
 * {@code NaN} where a figure does not exist (the daemon's cost under OS, the throughput at a source
 * that does not count). Columns are only ever added, so the report reads older files. Not
 * thread-safe.
 */
final class MeasurementFiles implements AutoCloseable {
    static final String MEASUREMENTS = "measurements.csv";
    static final String OPERATORS = "operators.csv";
    static final String SECONDS = "seconds.csv";
    static final String MEASUREMENTS_HEADER = "spe,query,wait_strategy,rate,mode,rep,seconds,throughput,source_throughput,"
            + "latency_mean_ms,latency_p50_ms,latency_p99_ms,e2e_mean_ms,e2e_p50_ms,e2e_p99_ms,goal_cv,"
            + "daemon_cpu_share,round_p50_ms,round_p99_ms,rounds,daemon_peak_rss_mib,spe_cpu_share,source_half_change";
    static final String OPERATORS_HEADER = "spe,query,wait_strategy,rate,mode,rep,operator,queue_mean,priority_mean,"
            + "mechanism,cpu_share,sched_at_end";

    static final String SECONDS_HEADER = "spe,query,wait_strategy,rate,mode,rep,end_epoch_ms,in_window,sink_tuples,"
            + "source_tuples,e2e_p50_ms";

    private final List<String> key;
    private final CSVPrinter measurements;
    private final CSVPrinter operators;
    private final CSVPrinter seconds;

    /** Creates (or overwrites) the files in {@code dir} for runs of {@code spe}'s {@code query}. */
    MeasurementFiles(Path dir, String spe, String query, String waitStrategy) throws IOException {
        Files.createDirectories(dir);
        this.key = List.of(spe, query, waitStrategy);
        this.measurements = create(dir.resolve(MEASUREMENTS), MEASUREMENTS_HEADER);
        this.operators = create(dir.resolve(OPERATORS), OPERATORS_HEADER);
        this.seconds = create(dir.resolve(SECONDS), SECONDS_HEADER);
    }

    void add(TrialResult r) throws IOException {
        Trial t = r.trial();
        List<String> run = new ArrayList<>(key);
        run.addAll(List.of(number(t.rate()), t.mode().label(), Integer.toString(t.rep())));
        record(measurements, run, number(r.sink().seconds()), number(r.sink().throughput()),
                number(r.sink().sourceThroughput()), millis(r.sink().latency().meanMicros()),
                millis(r.sink().latency().quantileMicros(0.5)), millis(r.sink().latency().quantileMicros(0.99)),
                millis(r.sink().endToEnd().meanMicros()), millis(r.sink().endToEnd().quantileMicros(0.5)),
                millis(r.sink().endToEnd().quantileMicros(0.99)), number(r.goalCv()), number(r.daemonCpuShare()),
                number(r.roundP50Ms()), number(r.roundP99Ms()), Integer.toString(r.rounds()),
                number(r.daemonPeakRssMib()), number(r.speCpuShare()), number(r.sourceHalfChange()));
        for (Map.Entry<String, TrialResult.OperatorStats> o : r.operators().entrySet()) {
            TrialResult.OperatorStats stats = o.getValue();
            record(operators, run, o.getKey(), number(stats.queueMean()), number(stats.priorityMean()),
                    stats.mechanism(), number(stats.cpuShare()), stats.schedAtEnd());
        }
        for (SinkReport s : r.seconds()) {
            record(seconds, run, Long.toString(s.endEpochMillis()),
                    s.endEpochMillis() > r.measureFromEpochMillis() ? "1" : "0", Long.toString(s.tuples()),
                    s.sourceTuples().isPresent() ? Long.toString(s.sourceTuples().getAsLong()) : "NaN",
                    millis(s.endToEnd().quantileMicros(0.5)));
        }
        measurements.flush();
        operators.flush();
        seconds.flush();
    }

    private static String millis(double micros) {
        return number(micros / 1000);
    }

    static String number(double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return "NaN";
        }
        return value == Math.rint(value) && Math.abs(value) < 1e15 ? Long.toString((long) value)
                : String.format(Locale.ROOT, "%.6g", value);
    }

    private static CSVPrinter create(Path file, String header) throws IOException {
        return new CSVPrinter(Files.newBufferedWriter(file, StandardCharsets.UTF_8),
                CsvDialect.FORMAT.builder().setHeader(header.split(",")).get());
    }

    private static void record(CSVPrinter file, List<String> run, String... fields) throws IOException {
        List<String> values = new ArrayList<>(run);
        values.addAll(Arrays.asList(fields));
        file.printRecord(values);
    }

    @Override
    public void close() throws IOException {
        try (measurements; operators; seconds) {
            measurements.flush();
        }
    }
}
