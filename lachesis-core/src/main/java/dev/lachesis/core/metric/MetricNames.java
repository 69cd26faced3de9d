package dev.lachesis.core.metric;

/**
 * The names of the metrics drivers, derived metrics and policies share: the one place that says
 * what each name means, which entity its values are keyed by, and its unit. Entities are keyed by
 * physical operator id, queue entity or query id as each name says; per-logical-operator values
 * use {@link MetricKeys#logical(String, String)}, because logical operator ids are unique only
 * within their query.
 */
public final class MetricNames {
    private MetricNames() {
    }

    // ---- Primitive metrics: only a driver provides these. ----

    /** Tuples waiting in a physical operator's input queue, in tuples (not batches or buffers). Keyed by physical operator. */
    public static final String INPUT_QUEUE = "input-queue-size";
    /** Tuples waiting in the output queue served by a helper thread, in tuples. Keyed by queue entity. */
    public static final String OUTPUT_QUEUE = "output-queue-size";
    /** Records waiting inside a source (published by {@code source-operators}), in records. Keyed by physical operator. */
    public static final String SOURCE_QUEUE = "source-queue-size";
    /** Tuples arriving at a physical operator per second. Keyed by physical operator. */
    public static final String ARRIVAL_RATE = "arrival-rate";
    /** Tuples a physical operator processed (consumed from its input) per second. Keyed by physical operator. */
    public static final String PROCESSED_RATE = "processed-rate";
    /** Tuples a physical operator emitted per second. Keyed by physical operator. */
    public static final String EMITTED_RATE = "emitted-rate";
    /**
     * Tuples a physical operator processed and emitted in the newest interval its SPE reported, a count:
     * with {@link #PROGRESS_INTERVAL_START} and {@link #PROGRESS_INTERVAL_END}, evidence of progress
     * as fresh as the SPE's reporter makes it, where {@link #PROCESSED_RATE} averages over the
     * driver's window. Keyed by physical operator.
     */
    public static final String PROGRESS_INTERVAL_COUNT = "progress-interval-count";
    /** Where the interval of {@link #PROGRESS_INTERVAL_COUNT} begins, in epoch seconds. Keyed by physical operator. */
    public static final String PROGRESS_INTERVAL_START = "progress-interval-start";
    /** Where the interval of {@link #PROGRESS_INTERVAL_COUNT} ends, in epoch seconds. Keyed by physical operator. */
    public static final String PROGRESS_INTERVAL_END = "progress-interval-end";
    /** Mean processing time of one tuple at a physical operator, in milliseconds. Keyed by physical operator. */
    public static final String PROCESSING_TIME = "processing-time-ms";
    /** Age of the oldest tuple in a physical operator's input queue, in milliseconds, when the SPE publishes it. Keyed by physical operator. */
    public static final String HEAD_AGE_REPORTED = "head-age-reported-ms";
    /**
     * How many tuples a physical operator's input queue holds before its producers must wait, when
     * the SPE publishes it (Storm's receive-queue capacity). Keyed by physical operator.
     */
    public static final String INPUT_QUEUE_CAPACITY = "input-queue-capacity";
    /**
     * The share of the last second, 0 to 1, a physical operator spent waiting for room downstream
     * (back-pressure), when the SPE measures it (Flink's {@code backPressuredTimeMsPerSecond} / 1000).
     * Keyed by physical operator.
     */
    public static final String OUTPUT_BLOCKED_REPORTED = "output-blocked-reported";
    /**
     * CPU time a physical operator's main threads spend per tuple they process, in milliseconds:
     * their run time from {@code /proc} over the tuples the driver counts. The daemon measures it
     * for every SPE ({@link CpuMeasuringDriver}). Keyed by physical operator.
     */
    public static final String CPU_COST = "cpu-cost-ms";
    /**
     * The share of a core, over the last seconds, that all threads of a physical operator (its main
     * threads and the helpers that work for it) used, from {@code /proc}: the CPU the operator takes,
     * whatever the SPE counts. The daemon measures it for every SPE ({@link CpuMeasuringDriver}).
     * Keyed by physical operator.
     */
    public static final String CPU_USAGE = "cpu-usage";

    // ---- Derived metrics: computed by the metric provider when a driver does not provide them. ----
    // Each is defined exactly in the Javadoc of its class in dev.lachesis.core.metric.derived.

    /** Queue size a policy uses for a physical operator: its input queue, in tuples. Keyed by physical operator. */
    public static final String QUEUE_SIZE = "queue-size";
    /**
     * Output tuples per input tuple of a physical operator ({@code emitted-rate / processed-rate};
     * 1 for a source). Keyed by physical operator.
     */
    public static final String SELECTIVITY = "selectivity";
    /**
     * Processing time per input tuple of a physical operator, in milliseconds
     * ({@code processing-time-ms}). Keyed by physical operator.
     */
    public static final String COST = "cost";
    /**
     * Output tuples at the sinks per tuple entering a logical operator: the product of the
     * selectivities along a path to a sink, averaged over the operator's paths. Keyed by logical
     * operator, {@link MetricKeys#logical(String, String) MetricKeys.logical(queryId, operatorId)}
     * ({@code <queryId>/<operatorId>}).
     */
    public static final String PATH_SELECTIVITY = "path-selectivity";
    /**
     * Processing time one tuple entering a logical operator causes on its way to the sinks, in
     * milliseconds ({@code Σ cost_i × Π_(j<i) selectivity_j} along a path, averaged over the
     * operator's paths). Keyed by logical operator, {@link MetricKeys#logical(String, String)}.
     */
    public static final String PATH_COST = "path-cost";
    /**
     * HR's global output rate, {@code path-selectivity / path-cost} (the maximum over a fused
     * operator's logical operators), in output tuples per millisecond. Keyed by physical operator.
     */
    public static final String HIGHEST_RATE = "highest-rate";
    /**
     * Age of the oldest tuple waiting at a physical operator, in milliseconds:
     * {@code head-age-reported-ms} where published, else {@code 1000 × queue-size / arrival-rate}.
     * Keyed by physical operator.
     */
    public static final String HEAD_AGE = "head-age-ms";
    /**
     * QS's policy goal: coefficient of variation (population standard deviation / mean) of a
     * query's queue sizes. Keyed by query id.
     */
    public static final String QUEUE_SIZE_CV = "queue-size-cv";
    /**
     * How much of the time, 0 to 1, a physical operator is held back because its consumers have no
     * room: {@code output-blocked-reported} where the SPE measures it, else the fill of its fullest
     * consumer's input queue ({@code queue-size / input-queue-capacity}). Keyed by physical operator.
     */
    public static final String OUTPUT_BLOCKED = "output-blocked";
    /**
     * Milliseconds of CPU the tuples waiting at a physical operator need
     * ({@code queue-size × cpu-cost-ms}): how long the operator would take to drain its queue with
     * the core to itself. Keyed by physical operator.
     */
    public static final String DRAIN_TIME = "drain-time-ms";
}
