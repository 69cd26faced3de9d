package dev.lachesis.experiments.sweep;

import dev.lachesis.experiments.measure.SinkReport;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * Appends every trial's figures to {@value #MEASUREMENTS} (one row per trial),
 * {@value #OPERATORS} (one row per trial and operator) and {@value #SECONDS} (one row per trial and
 * second of its sink reports, warm-up included, to see when it became steady) as it finishes, flushed at once, so an
 * interrupted sweep keeps what it measured. Comma-separated with a header, {@code .} decimals,
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

    private final String key;
    private final BufferedWriter measurements;
    private final BufferedWriter operators;
    private final BufferedWriter seconds;

    /** Creates (or overwrites) both files in {@code dir} for runs of {@code spe}'s {@code query}. */
    MeasurementFiles(Path dir, String spe, String query, String waitStrategy) throws IOException {
        Files.createDirectories(dir);
        this.key = spe + "," + query + "," + waitStrategy;
        this.measurements = Files.newBufferedWriter(dir.resolve(MEASUREMENTS));
        this.operators = Files.newBufferedWriter(dir.resolve(OPERATORS));
        this.seconds = Files.newBufferedWriter(dir.resolve(SECONDS));
        line(measurements, MEASUREMENTS_HEADER);
        line(operators, OPERATORS_HEADER);
        line(seconds, SECONDS_HEADER);
    }

    void add(TrialResult r) throws IOException {
        Trial t = r.trial();
        String run = key + "," + number(t.rate()) + "," + t.mode().label() + "," + t.rep();
        line(measurements, run + "," + number(r.sink().seconds()) + "," + number(r.sink().throughput()) + ","
                + number(r.sink().sourceThroughput()) + ","
                + millis(r.sink().latency().meanMicros()) + "," + millis(r.sink().latency().quantileMicros(0.5)) + ","
                + millis(r.sink().latency().quantileMicros(0.99)) + "," + millis(r.sink().endToEnd().meanMicros()) + ","
                + millis(r.sink().endToEnd().quantileMicros(0.5)) + "," + millis(r.sink().endToEnd().quantileMicros(0.99))
                + "," + number(r.goalCv()) + "," + number(r.daemonCpuShare()) + "," + number(r.roundP50Ms()) + ","
                + number(r.roundP99Ms()) + "," + r.rounds() + "," + number(r.daemonPeakRssMib()) + ","
                + number(r.speCpuShare()) + "," + number(r.sourceHalfChange()));
        for (Map.Entry<String, TrialResult.OperatorStats> o : r.operators().entrySet()) {
            TrialResult.OperatorStats stats = o.getValue();
            line(operators, run + "," + o.getKey() + "," + number(stats.queueMean()) + ","
                    + number(stats.priorityMean()) + "," + stats.mechanism() + "," + number(stats.cpuShare()) + ","
                    + stats.schedAtEnd());
        }
        StringBuilder perSecond = new StringBuilder();
        for (SinkReport s : r.seconds()) {
            perSecond.append(run).append(',').append(s.endEpochMillis()).append(',')
                    .append(s.endEpochMillis() > r.measureFromEpochMillis() ? 1 : 0).append(',').append(s.tuples())
                    .append(',').append(s.sourceTuples().isPresent() ? Long.toString(s.sourceTuples().getAsLong()) : "NaN")
                    .append(',').append(millis(s.endToEnd().quantileMicros(0.5))).append(System.lineSeparator());
        }
        seconds.write(perSecond.toString());
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

    private static void line(BufferedWriter file, String text) throws IOException {
        file.write(text);
        file.newLine();
        file.flush();
    }

    @Override
    public void close() throws IOException {
        try (measurements; operators; seconds) {
            measurements.flush();
        }
    }
}
