package dev.lachesis.experiments.measure;

/**
 * The latencies every sink of this JVM records between two reports; in Storm's local mode or a
 * Flink MiniCluster, the whole query's. The queries' sinks (Storm's {@code LatencySink}, the Flink
 * ETL job's sink) record into it; {@link SinkReportPrinter} takes a {@link SinkReport} once per
 * interval. Thread-safe.
 */
public final class SinkStats {
    private static final SinkStats JVM = new SinkStats();

    private LatencyHistogram latency = new LatencyHistogram();
    private LatencyHistogram endToEnd = new LatencyHistogram();

    private SinkStats() {
    }

    /** The one recorder of this JVM. */
    public static SinkStats jvm() {
        return JVM;
    }

    /** Records one tuple's latencies, in microseconds. */
    public synchronized void record(long latencyMicros, long endToEndMicros) {
        latency.record(latencyMicros);
        endToEnd.record(endToEndMicros);
    }

    /** What was recorded since the last call, as a report ending now; starts a new interval. */
    public synchronized SinkReport takeReport(long nowEpochMillis) {
        SinkReport report = new SinkReport(nowEpochMillis, latency, endToEnd);
        latency = new LatencyHistogram();
        endToEnd = new LatencyHistogram();
        return report;
    }
}
