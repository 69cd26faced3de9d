package dev.lachesis.experiments.sweep;

import dev.lachesis.experiments.report.SaturationPoint;
import java.util.Locale;

/**
 * Whether a query kept up with its input rate in one trial, as the saturation search judges it.
 * It keeps up when both hold:
 * <ul>
 *   <li><b>throughput</b>: at least {@value #MIN_THROUGHPUT_SHARE} of the rate reached the sink (for
 *       a query that aggregates, was taken in by the source:
 *       {@link dev.lachesis.experiments.launch.KeepUpMeasure}), the report's rule for OS's saturation
 *       point ({@link SaturationPoint}); ETL's Bloom filter drops the ~2% of records that repeat, so
 *       a query that keeps up shows ~98%;</li>
 *   <li><b>no growing backlog</b>: the median end-to-end latency, which includes a record's wait in
 *       front of the SPE, rose by at most {@value #MAX_BACKLOG_GROWTH} s per second of the window,
 *       i.e. a backlog grew by at most 2% of the rate. A query just past its knee still delivers
 *       more than 95% of the rate, and only its growing latency shows it falls behind.</li>
 * </ul>
 * A backlog left from start-up can still drain in a short window: the end-to-end latency falls and
 * the throughput exceeds the rate. The query then processes faster than the rate, so it keeps up;
 * the window was just not steady yet, and the verdict says so (a longer {@code --warm-up} measures
 * it steady). A growth that cannot be measured (a half of the window saw no tuples) leaves the
 * throughput to decide.
 */
final class KeepUpRule {
    /** The share of the rate that must reach the sink. */
    static final double MIN_THROUGHPUT_SHARE = SaturationPoint.KEPT_UP_SHARE;
    /**
     * How fast the median end-to-end latency may rise, in seconds per second: the share of the rate
     * by which a backlog may grow. As much faster as it may fall, or the throughput exceed the rate,
     * before a backlog counts as draining.
     */
    static final double MAX_BACKLOG_GROWTH = 0.02;

    private KeepUpRule() {
    }

    /**
     * The verdict on one trial.
     *
     * @param keepsUp whether the query kept up with the rate
     * @param reason why, for the terminal: {@code falls behind: throughput 91% of the rate, below 95%}
     */
    record Verdict(boolean keepsUp, String reason) {
    }

    /**
     * Judges a trial at {@code rate} that measured {@code throughput} at the sink and an end-to-end
     * latency growing by {@code endToEndGrowth} seconds per second (NaN when unknown).
     */
    static Verdict judge(double rate, double throughput, double endToEndGrowth) {
        if (!(throughput > 0)) {
            return new Verdict(false, "falls behind: nothing reached the sink in the window");
        }
        double share = throughput / rate;
        String trend = Double.isNaN(endToEndGrowth) ? "e2e p50 trend unknown"
                : String.format(Locale.ROOT, "e2e p50 %+.0f ms/s", 1000 * endToEndGrowth);
        if (share < MIN_THROUGHPUT_SHARE) {
            return new Verdict(false, String.format(Locale.ROOT, "falls behind: throughput %s of the rate, below %s (%s)",
                    percent(share), percent(MIN_THROUGHPUT_SHARE), trend));
        }
        if (endToEndGrowth > MAX_BACKLOG_GROWTH) {
            return new Verdict(false, String.format(Locale.ROOT,
                    "falls behind: %s, a backlog growing by %s of the rate, more than %s (throughput %s of the rate)",
                    trend, percent(endToEndGrowth), percent(MAX_BACKLOG_GROWTH), percent(share)));
        }
        if (share > 1 + MAX_BACKLOG_GROWTH || endToEndGrowth < -MAX_BACKLOG_GROWTH) {
            return new Verdict(true, String.format(Locale.ROOT, "keeps up, not yet steady: a backlog from start-up was "
                    + "still draining (throughput %s of the rate, %s); a longer --warm-up would measure it steady",
                    percent(share), trend));
        }
        return new Verdict(true, String.format(Locale.ROOT, "keeps up: throughput %s of the rate, %s", percent(share), trend));
    }

    private static String percent(double share) {
        return String.format(Locale.ROOT, "%.1f%%", 100 * share);
    }
}
