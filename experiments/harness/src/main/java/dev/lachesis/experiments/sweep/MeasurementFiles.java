package dev.lachesis.experiments.sweep;

import dev.lachesis.experiments.measure.SinkReport;
import dev.lachesis.experiments.report.CsvDialect;
import dev.lachesis.experiments.run.PhaseResult;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.CSVRecord;

/**
 * Writes every trial's figures to {@value #MEASUREMENTS} (one row per trial),
 * {@value #OPERATORS} (one row per trial and operator), {@value #SECONDS} (one row per trial and
 * second of its sink reports, warm-up included, to see when it became steady) and {@value #ROUNDS}
 * (the first repetition's daemon rounds in the window, one row per round and operator) as it finishes, flushed at once, so an
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
    static final String ROUNDS = "rounds.csv";
    static final String MEASUREMENTS_HEADER = "spe,query,wait_strategy,rate,mode,rep,seconds,throughput,source_throughput,"
            + "latency_mean_ms,latency_p50_ms,latency_p99_ms,e2e_mean_ms,e2e_p50_ms,e2e_p99_ms,goal_cv,"
            + "daemon_cpu_share,round_p50_ms,round_p99_ms,rounds,daemon_peak_rss_mib,spe_cpu_share,source_half_change,top_jumps";
    static final String OPERATORS_HEADER = "spe,query,wait_strategy,rate,mode,rep,operator,queue_mean,priority_mean,"
            + "mechanism,cpu_share,sched_at_end";

    static final String SECONDS_HEADER = "spe,query,wait_strategy,rate,mode,rep,end_epoch_ms,in_window,sink_tuples,"
            + "source_tuples,e2e_p50_ms";
    static final String ROUNDS_HEADER = "spe,query,wait_strategy,rate,mode,rep,started_epoch_ms,seen_by,operator,queue,"
            + "priority,mechanism";

    private final List<String> key;
    private final CSVPrinter measurements;
    private final CSVPrinter operators;
    private final CSVPrinter seconds;
    private final CSVPrinter rounds;

    /** Creates (or overwrites) the files in {@code dir} for runs of {@code spe}'s {@code query}. */
    MeasurementFiles(Path dir, String spe, String query, String waitStrategy) throws IOException {
        this(dir, spe, query, waitStrategy, false);
    }

    /**
     * Opens the files in {@code dir} for runs of {@code spe}'s {@code query}: overwritten, or with
     * {@code append} extended by the new rows (a file not there yet is created with its header).
     *
     * @throws IOException when a file to extend has other columns than this version writes
     */
    MeasurementFiles(Path dir, String spe, String query, String waitStrategy, boolean append) throws IOException {
        Files.createDirectories(dir);
        this.key = List.of(spe, query, waitStrategy);
        this.measurements = open(dir.resolve(MEASUREMENTS), MEASUREMENTS_HEADER, append);
        this.operators = open(dir.resolve(OPERATORS), OPERATORS_HEADER, append);
        this.seconds = open(dir.resolve(SECONDS), SECONDS_HEADER, append);
        this.rounds = open(dir.resolve(ROUNDS), ROUNDS_HEADER, append);
    }

    /** The highest repetition in {@code dir}'s {@value #MEASUREMENTS}; 0 when the file is not there or holds no row. */
    static int highestRep(Path dir) throws IOException {
        Path file = dir.resolve(MEASUREMENTS);
        if (!Files.exists(file)) {
            return 0;
        }
        CSVFormat withHeader = CsvDialect.FORMAT.builder().setHeader().setSkipHeaderRecord(true).get();
        try (CSVParser parser = CSVParser.parse(file, StandardCharsets.UTF_8, withHeader)) {
            int highest = 0;
            for (CSVRecord row : parser) {
                highest = Math.max(highest, Integer.parseInt(row.get("rep")));
            }
            return highest;
        } catch (IllegalArgumentException e) {
            throw new IOException(file + " has no whole-number 'rep' column (" + e.getMessage() + ")", e);
        }
    }

    /**
     * Appends {@code r}'s rows; a trial of a query on several SPEs at once adds one {@value #MEASUREMENTS}
     * row per SPE's query ({@link TrialResult#parts()}) under that part's name and at the rate it was
     * fed, with the daemon's figures of the whole trial, while the whole trial's rows carry the rate
     * offered to all of them ({@link TrialResult#offeredRate()}).
     */
    void add(TrialResult r) throws IOException {
        Trial t = r.trial();
        List<String> run = new ArrayList<>(key);
        run.addAll(trialKey(r.offeredRate(), t));
        recordMeasurement(run, r.sink(), r.speCpuShare(), r.sourceHalfChange(), r);
        for (TrialResult.PartResult part : r.parts()) {
            List<String> partRun = new ArrayList<>(List.of(part.spe(), key.get(1), part.waitStrategy()));
            partRun.addAll(trialKey(t.rate(), t));
            recordMeasurement(partRun, part.sink(), part.speCpuShare(), part.sourceHalfChange(), r);
        }
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
        for (TrialResult.RoundSample sample : r.roundSamples()) {
            record(rounds, run, Long.toString(sample.startedAtEpochMillis()), sample.seenBy(), sample.operator(),
                    number(sample.queue()), number(sample.priority()), sample.mechanism());
        }
        measurements.flush();
        operators.flush();
        seconds.flush();
        rounds.flush();
    }

    private static List<String> trialKey(double rate, Trial t) {
        return List.of(number(rate), t.mode().label(), Integer.toString(t.rep()));
    }

    private void recordMeasurement(List<String> run, PhaseResult sink, double speCpuShare, double sourceHalfChange,
                                   TrialResult r) throws IOException {
        record(measurements, run, number(sink.seconds()), number(sink.throughput()),
                number(sink.sourceThroughput()), millis(sink.latency().meanMicros()),
                millis(sink.latency().quantileMicros(0.5)), millis(sink.latency().quantileMicros(0.99)),
                millis(sink.endToEnd().meanMicros()), millis(sink.endToEnd().quantileMicros(0.5)),
                millis(sink.endToEnd().quantileMicros(0.99)), number(r.goalCv()), number(r.daemonCpuShare()),
                number(r.roundP50Ms()), number(r.roundP99Ms()), Integer.toString(r.rounds()),
                number(r.daemonPeakRssMib()), number(speCpuShare), number(sourceHalfChange),
                r.rounds() == 0 ? "NaN" : Integer.toString(r.topJumps()));
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

    private static CSVPrinter open(Path file, String header, boolean append) throws IOException {
        if (!append || !Files.exists(file) || Files.size(file) == 0) {
            return create(file, header);
        }
        String existing;
        try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            existing = reader.readLine();
        }
        if (!header.equals(existing)) {
            throw new IOException(file + " has the columns '" + existing + "', not this version's '" + header
                    + "': write to a new --out");
        }
        return new CSVPrinter(Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.APPEND),
                CsvDialect.FORMAT);
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
        try (measurements; operators; seconds; rounds) {
            measurements.flush();
        }
    }
}
