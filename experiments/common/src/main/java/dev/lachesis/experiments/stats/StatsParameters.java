package dev.lachesis.experiments.stats;

/**
 * The sizes RIoTBench's STATS query runs with, the same on every SPE this project runs it on
 * (Storm 2.8, Storm 1.2.3, Flink), so the three queries do the same work per record.
 */
public final class StatsParameters {
    /** Readings per block of the average, and per point of the distinct count (RIoTBench's window of 10). */
    public static final int BLOCK = 10;
    /** Estimates the regression line is fitted through (RIoTBench's training window of 10). */
    public static final int WINDOW = 10;
    /** log2 of the distinct counter's buckets: 1024, a 4% standard error. */
    public static final int DISTINCT_BUCKET_BITS = 10;
    /** Points per chart. */
    public static final int BATCH = 20;

    private StatsParameters() {
    }
}
