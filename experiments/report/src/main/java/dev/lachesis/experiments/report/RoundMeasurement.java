package dev.lachesis.experiments.report;

/**
 * One operator in one daemon round of a run, a row of {@code rounds.csv}: what the sweep keeps to
 * draw how queues and priorities evolved over a run. Immutable.
 *
 * @param point the run's setup, rate and mode
 * @param rep the run's repetition
 * @param startedAtEpochMillis when the round started
 * @param seenBy {@code observer} (the dry-run daemon of every mode) or {@code daemon} (the acting one)
 * @param operator the operator
 * @param queue the mean queue of its main threads in the round
 * @param priority the mean value the acting daemon applied to them; NaN in the observer's rounds
 */
public record RoundMeasurement(Point point, int rep, long startedAtEpochMillis, String seenBy, String operator,
                               double queue, double priority) {
    /** The {@code seen_by} of the acting daemon's rounds. */
    public static final String DAEMON = "daemon";
    /** The {@code seen_by} of the observer's rounds. */
    public static final String OBSERVER = "observer";
}
