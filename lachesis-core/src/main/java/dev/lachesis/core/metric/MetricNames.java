package dev.lachesis.core.metric;

/**
 * The names of the metrics drivers, derived metrics and policies share: the one place that says
 * what each name means, which entity its values are keyed by, and its unit.
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
    /** Mean processing time of one tuple at a physical operator, in milliseconds. Keyed by physical operator. */
    public static final String PROCESSING_TIME = "processing-time-ms";
    /** Age of the oldest tuple in a physical operator's input queue, in milliseconds, when the SPE publishes it. Keyed by physical operator. */
    public static final String HEAD_AGE_REPORTED = "head-age-reported-ms";

    // ---- Derived metrics: computed by the metric provider when a driver does not provide them. ----

    /** Queue size a policy uses for a physical operator: its input queue. Keyed by physical operator. */
    public static final String QUEUE_SIZE = "queue-size";
    /** Output tuples per input tuple of a physical operator. Keyed by physical operator. */
    public static final String SELECTIVITY = "selectivity";
    /** Processing time per input tuple of a physical operator, in milliseconds. Keyed by physical operator. */
    public static final String COST = "cost";
    /** Product of selectivities from a logical operator to the sinks (mean over paths). Keyed by logical operator id ({@code query/operator}). */
    public static final String PATH_SELECTIVITY = "path-selectivity";
    /** Expected processing time from a logical operator to the sinks, in milliseconds. Keyed by logical operator id ({@code query/operator}). */
    public static final String PATH_COST = "path-cost";
    /** HR's global output rate: path selectivity over path cost. Keyed by physical operator. */
    public static final String HIGHEST_RATE = "highest-rate";
    /** Age of the oldest tuple waiting at a physical operator, in milliseconds. Keyed by physical operator. */
    public static final String HEAD_AGE = "head-age-ms";
    /** QS's policy goal: coefficient of variation of all input queue sizes. Keyed by query id. */
    public static final String QUEUE_SIZE_CV = "queue-size-cv";
}
