package dev.lachesis.experiments.sweep;

/**
 * Says whether a backlog left from start-up is still in front of a query, so a trial starts its
 * window only once it has drained (the papers measure after the start-up backlog drained). A query
 * whose JVM and first tuples are slow to start (Storm's first seconds, before the JIT) holds
 * seconds of records in front of it at the end of the warm-up; its end-to-end latency, which
 * includes a record's wait in front of the SPE, then stays high while the query only keeps up with
 * the rate, and falls while it works the backlog off. A query beyond saturation is told apart by
 * that latency growing: it never drains, and its window starts at once. A query whose sink gets
 * nothing for a whole stretch is stalled (a real-time livelock until the safety net demotes, a long
 * pause): what the source emits meanwhile is a backlog too, and the window waits for it as well.
 */
final class StartUpDrain {
    /** A median end-to-end latency above this, neither growing nor gone, is a backlog in front of the query, µs. */
    static final double BACKLOG_MICROS = 500_000;
    /** The share by which the median end-to-end latency must fall from one stretch to the next to be draining. */
    static final double MIN_FALL_SHARE = 0.2;
    /** A median end-to-end latency at most this is no backlog, and a fall by less is jitter, µs. */
    static final double MIN_BACKLOG_MICROS = 50_000;

    private StartUpDrain() {
    }

    /**
     * @param earlierMedianMicros the median end-to-end latency of a stretch of the sink's reports, µs;
     *     NaN when no tuple reached the sink in it
     * @param laterMedianMicros that of the stretch right after it, µs; NaN when no tuple reached the sink
     * @param stretchSeconds how far apart the two stretches are
     * @return whether a backlog from start-up (or from a stall) is still there: always while the later
     *     stretch is stalled; right after a stall, when the later median alone is a backlog
     */
    static boolean backlogLeft(double earlierMedianMicros, double laterMedianMicros, double stretchSeconds) {
        if (Double.isNaN(laterMedianMicros)) {
            return true;
        }
        if (!(laterMedianMicros > MIN_BACKLOG_MICROS)) {
            return false;
        }
        if (Double.isNaN(earlierMedianMicros)) {
            return laterMedianMicros > BACKLOG_MICROS;
        }
        double fall = earlierMedianMicros - laterMedianMicros;
        if (fall > MIN_BACKLOG_MICROS && fall > MIN_FALL_SHARE * earlierMedianMicros) {
            return true;
        }
        double growthPerSecond = -fall / 1e6 / stretchSeconds;
        return laterMedianMicros > BACKLOG_MICROS && growthPerSecond <= KeepUpRule.MAX_BACKLOG_GROWTH;
    }
}
