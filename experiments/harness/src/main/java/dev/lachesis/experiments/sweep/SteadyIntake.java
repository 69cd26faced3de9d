package dev.lachesis.experiments.sweep;

/**
 * Says whether a query's intake at the source has settled, so a trial beyond saturation starts its
 * window in the steady state a user's long-running query is in. Beyond saturation the source takes
 * in more than the query processes until the queues in front of its bottlenecks are full, and on
 * Storm (receive queues of 32,768 tuples) that lasts minutes: a random shape's intake rose from
 * 1,500 to 2,700 records/s over the two minutes its second bottleneck's queue took to fill, so a
 * window right after a fixed warm-up compared modes in the middle of that climb. The intake has
 * settled when the mean over the last {@value #STRETCH_SECONDS} s is within
 * {@value #TOLERANCE_PERCENT}% of the mean over the {@value #STRETCH_SECONDS} s before.
 */
final class SteadyIntake {
    /** The length of each of the two stretches compared, seconds. */
    static final int STRETCH_SECONDS = 30;
    /** The change between them, in percent, within which the intake counts as settled. */
    static final int TOLERANCE_PERCENT = 5;

    private SteadyIntake() {
    }

    /**
     * @param earlier the mean intake (records a second at the source) of a stretch
     * @param later that of the stretch right after it
     * @return whether it still changes: false when settled, or when either is unknown (NaN) or
     *     the earlier is zero, where there is nothing to wait for
     */
    static boolean stillChanging(double earlier, double later) {
        if (!(earlier > 0) || Double.isNaN(later)) {
            return false;
        }
        return Math.abs(later / earlier - 1) * 100 > TOLERANCE_PERCENT;
    }
}
