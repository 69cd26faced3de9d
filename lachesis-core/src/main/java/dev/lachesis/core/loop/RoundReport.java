package dev.lachesis.core.loop;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * What one scheduling round did, for the log and a status endpoint: when it ran, how long it took,
 * which policies it applied (or planned) and what went wrong. Immutable.
 *
 * @param startedAt the round's time
 * @param duration how long the round took, by the monotonic clock
 * @param due the policies that were due
 * @param completed the due policies whose schedule was applied (or planned, in a dry run)
 * @param problems one line per failure (an SPE not visible, a translator refused), empty when none
 */
public record RoundReport(Instant startedAt, Duration duration, List<String> due, List<String> completed,
                          List<String> problems) {
    /** How a round ended. */
    public enum Outcome {
        /** Every due policy was applied. */
        OK,
        /** Some due policies were applied, others kept their last priorities. */
        PARTIAL,
        /** No due policy was applied; every thread kept its last priority. */
        FAILED
    }

    public RoundReport {
        Objects.requireNonNull(startedAt, "startedAt");
        Objects.requireNonNull(duration, "duration");
        due = List.copyOf(due);
        completed = List.copyOf(completed);
        problems = List.copyOf(problems);
    }

    public Outcome outcome() {
        if (problems.isEmpty()) {
            return Outcome.OK;
        }
        return completed.isEmpty() ? Outcome.FAILED : Outcome.PARTIAL;
    }
}
