package dev.lachesis.server.status;

import dev.lachesis.core.loop.RoundReport;
import java.util.Map;

/**
 * The daemon's own counters at one moment, which {@link PrometheusText} writes. Immutable by
 * convention (the arrays and maps are copies made for it).
 *
 * @param bucketBounds the round-duration histogram's upper bounds, seconds
 * @param bucketCounts rounds at most that long, cumulative
 * @param durationSecondsSum the rounds' total duration
 * @param roundsByOutcome rounds by how they ended
 * @param threadsControlled policy → threads it controls
 * @param realTimeDemotions policy → times the real-time watchdog demoted its threads (real-time policies only)
 * @param activeConditions how many conditions fail now
 * @param uptimeSeconds how long the daemon has run
 * @param healthy what {@code /health} says
 * @param processCpuSeconds the CPU time the daemon's process used since it started (all its threads), NaN when unknown
 * @param residentBytes the daemon's resident memory now, NaN when unknown
 */
public record MetricsView(double[] bucketBounds, long[] bucketCounts, double durationSecondsSum,
                          Map<RoundReport.Outcome, Long> roundsByOutcome, Map<String, Integer> threadsControlled,
                          Map<String, Long> realTimeDemotions,
                          int activeConditions, double uptimeSeconds, boolean healthy, double processCpuSeconds,
                          double residentBytes) {
    /** How many rounds ran. */
    public long rounds() {
        return roundsByOutcome.values().stream().mapToLong(Long::longValue).sum();
    }
}
