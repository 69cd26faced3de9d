package dev.lachesis.experiments.report;

/**
 * The per-run numbers of {@code measurements.csv} that the report averages over repetitions, each
 * with its column name and a label for charts and tables. The column names are the harness's; the
 * enum exists so that the reader, the summary and the plots agree on one list. A metric the harness
 * began to measure later is optional: files written before it read as not measured ({@code NaN}).
 */
public enum Metric {
    SECONDS("seconds", "Measured window (s)"),
    THROUGHPUT("throughput", "Throughput at the sink (tuples/s)"),
    /** Records the sources emitted into the SPE per second; measured since the sources count. */
    SOURCE_THROUGHPUT("source_throughput", "Throughput at the source (tuples/s)", false),
    LATENCY_MEAN_MS("latency_mean_ms", "Latency (ms)"),
    LATENCY_P50_MS("latency_p50_ms", "Latency p50 (ms)"),
    LATENCY_P99_MS("latency_p99_ms", "Latency p99 (ms)"),
    E2E_MEAN_MS("e2e_mean_ms", "E2E latency (ms)"),
    E2E_P50_MS("e2e_p50_ms", "E2E latency p50 (ms)"),
    E2E_P99_MS("e2e_p99_ms", "E2E latency p99 (ms)"),
    GOAL_CV("goal_cv", "Policy goal (CV of queue sizes)"),
    DAEMON_CPU_SHARE("daemon_cpu_share", "Daemon CPU (share of one core)"),
    ROUND_P50_MS("round_p50_ms", "Round p50 (ms)"),
    ROUND_P99_MS("round_p99_ms", "Round p99 (ms)"),
    ROUNDS("rounds", "Rounds"),
    /** The SPE process's CPU time over the window; measured since the sweeps ran on a shared machine. */
    SPE_CPU_SHARE("spe_cpu_share", "SPE CPU (share of one core)", false),
    /** The source's throughput in the window's second half against its first, minus 1; 0 is steady. */
    SOURCE_HALF_CHANGE("source_half_change", "Change of the throughput at the source over the window", false),
    /** The acting daemon's rounds in the window in which its most favoured operator moved by 10 levels or more. */
    TOP_JUMPS("top_jumps", "Rounds the most favoured operator moved 10+ levels", false);

    private final String column;
    private final String label;
    private final boolean required;

    Metric(String column, String label) {
        this(column, label, true);
    }

    Metric(String column, String label, boolean required) {
        this.column = column;
        this.label = label;
        this.required = required;
    }

    /** Whether every {@code measurements.csv} has the column; false for metrics measured only since later. */
    public boolean required() {
        return required;
    }

    /** The column name in {@code measurements.csv}, also the prefix of its columns in {@code summary.csv}. */
    public String column() {
        return column;
    }

    /** A human label with the unit, for chart axes. */
    public String label() {
        return label;
    }
}
