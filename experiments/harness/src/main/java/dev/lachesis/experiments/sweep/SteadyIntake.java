package dev.lachesis.experiments.sweep;

/**
 * Says whether a query's intake at the source has settled, so a trial beyond saturation starts its
 * window in the steady state a user's long-running query is in. Beyond saturation the source takes
 * in more than the query processes until the queues in front of its bottlenecks are full, and on
 * Storm (receive queues of 32,768 tuples) that lasts minutes and need not be monotone: a random
 * shape's intake climbed to 1,500 records/s over 50 s, then fell to 600 once its queues were full
 * and stayed there; another rose from 1,500 to 2,700 over two minutes. Three stretches of
 * {@value #STRETCH_SECONDS} s are compared, the last with the one before ({@value #TOLERANCE_PERCENT}%)
 * and that one with the one before it (twice as much), so that a start-up burst averaged into the
 * first stretch cannot make a climb look flat; all three must have been measured.
 */
final class SteadyIntake {
    /** The length of each of the stretches compared, seconds. */
    static final int STRETCH_SECONDS = 30;
    /** The change between the last two stretches, in percent, within which the intake counts as settled. */
    static final int TOLERANCE_PERCENT = 5;

    private SteadyIntake() {
    }

    /**
     * @param first the mean intake (records a second at the source) of the oldest stretch, NaN when
     *     no report covers it (it began before the query did)
     * @param second that of the stretch after it
     * @param third that of the last stretch
     * @return whether it still changes; false too when the second took in nothing, where there is
     *     nothing to wait for
     */
    static boolean stillChanging(double first, double second, double third) {
        if (second == 0) {
            return false;
        }
        if (Double.isNaN(first) || Double.isNaN(second) || Double.isNaN(third)) {
            return true;
        }
        return Math.abs(third / second - 1) * 100 > TOLERANCE_PERCENT
                || Math.abs(second / first - 1) * 100 > 2 * TOLERANCE_PERCENT;
    }
}
