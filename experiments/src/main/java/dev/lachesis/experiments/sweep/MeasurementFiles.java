package dev.lachesis.experiments.sweep;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * Appends every trial's figures to {@value #MEASUREMENTS} (one row per trial) and
 * {@value #OPERATORS} (one row per trial and operator) as it finishes, flushed at once, so an
 * interrupted sweep keeps what it measured. Comma-separated with a header, {@code .} decimals,
 * {@code NaN} where a figure does not exist (the daemon's cost under OS). Not thread-safe.
 */
final class MeasurementFiles implements AutoCloseable {
    static final String MEASUREMENTS = "measurements.csv";
    static final String OPERATORS = "operators.csv";
    static final String MEASUREMENTS_HEADER = "spe,query,wait_strategy,rate,mode,rep,seconds,throughput,"
            + "latency_mean_ms,latency_p50_ms,latency_p99_ms,e2e_mean_ms,e2e_p50_ms,e2e_p99_ms,goal_cv,"
            + "daemon_cpu_share,round_p50_ms,round_p99_ms,rounds,daemon_peak_rss_mib";
    static final String OPERATORS_HEADER = "spe,query,wait_strategy,rate,mode,rep,operator,queue_mean,priority_mean,"
            + "mechanism";

    private final String key;
    private final BufferedWriter measurements;
    private final BufferedWriter operators;

    /** Creates (or overwrites) both files in {@code dir} for runs of {@code spe}'s {@code query}. */
    MeasurementFiles(Path dir, String spe, String query, String waitStrategy) throws IOException {
        Files.createDirectories(dir);
        this.key = spe + "," + query + "," + waitStrategy;
        this.measurements = Files.newBufferedWriter(dir.resolve(MEASUREMENTS));
        this.operators = Files.newBufferedWriter(dir.resolve(OPERATORS));
        line(measurements, MEASUREMENTS_HEADER);
        line(operators, OPERATORS_HEADER);
    }

    void add(TrialResult r) throws IOException {
        Trial t = r.trial();
        String run = key + "," + number(t.rate()) + "," + t.mode().label() + "," + t.rep();
        line(measurements, run + "," + number(r.sink().seconds()) + "," + number(r.sink().throughput()) + ","
                + millis(r.sink().latency().meanMicros()) + "," + millis(r.sink().latency().quantileMicros(0.5)) + ","
                + millis(r.sink().latency().quantileMicros(0.99)) + "," + millis(r.sink().endToEnd().meanMicros()) + ","
                + millis(r.sink().endToEnd().quantileMicros(0.5)) + "," + millis(r.sink().endToEnd().quantileMicros(0.99))
                + "," + number(r.goalCv()) + "," + number(r.daemonCpuShare()) + "," + number(r.roundP50Ms()) + ","
                + number(r.roundP99Ms()) + "," + r.rounds() + "," + number(r.daemonPeakRssMib()));
        for (Map.Entry<String, TrialResult.OperatorStats> o : r.operators().entrySet()) {
            line(operators, run + "," + o.getKey() + "," + number(o.getValue().queueMean()) + ","
                    + number(o.getValue().priorityMean()) + "," + o.getValue().mechanism());
        }
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
        try {
            measurements.close();
        } finally {
            operators.close();
        }
    }
}
