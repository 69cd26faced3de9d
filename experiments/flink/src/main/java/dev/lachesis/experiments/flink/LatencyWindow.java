package dev.lachesis.experiments.flink;

/**
 * Latencies recorded by a task thread in one-second windows, read by any number of metric readers
 * (the Graphite reporter, the REST metric fetcher): each read sees the mean and maximum of the last
 * complete second, so readers do not steal values from each other. Thread-safe (synchronized; one
 * call per record is cheap next to the work the query does).
 */
final class LatencyWindow {
    private static final long SECOND_NANOS = 1_000_000_000L;

    private long currentSecond = Long.MIN_VALUE;
    private double sumMs;
    private long count;
    private double maxMs;
    private double lastMeanMs = Double.NaN;
    private double lastMaxMs = Double.NaN;

    synchronized void record(double latencyMs, long nowNanos) {
        roll(nowNanos);
        sumMs += latencyMs;
        count++;
        maxMs = Math.max(maxMs, latencyMs);
    }

    /** Mean latency of the last complete second with records, in milliseconds; NaN before the first. */
    synchronized Double mean(long nowNanos) {
        roll(nowNanos);
        return lastMeanMs;
    }

    /** Maximum latency of the last complete second with records, in milliseconds; NaN before the first. */
    synchronized Double max(long nowNanos) {
        roll(nowNanos);
        return lastMaxMs;
    }

    private void roll(long nowNanos) {
        long second = Math.floorDiv(nowNanos, SECOND_NANOS);
        if (second != currentSecond) {
            if (count > 0) {
                lastMeanMs = sumMs / count;
                lastMaxMs = maxMs;
            }
            currentSecond = second;
            sumMs = 0;
            count = 0;
            maxMs = 0;
        }
    }
}
