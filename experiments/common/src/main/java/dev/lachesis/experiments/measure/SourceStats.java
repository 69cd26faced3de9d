package dev.lachesis.experiments.measure;

import java.util.concurrent.atomic.LongAdder;

/**
 * The records this JVM's query took in at its source between two reports: the input throughput the
 * 2023 paper measures, which differs from what reaches the sink when the source falls behind its
 * schedule or operators change the number of records. A query counts where its records enter the
 * SPE (a source it owns, or the first operator behind a source it does not); a query that counts
 * nothing gets no {@link SourceReport} lines. Thread-safe.
 */
public final class SourceStats {
    private static final SourceStats JVM = new SourceStats();

    private final LongAdder taken = new LongAdder();
    private volatile boolean counting;

    private SourceStats() {
    }

    /** The one counter of this JVM. */
    public static SourceStats jvm() {
        return JVM;
    }

    /** Counts {@code records} more records taken in. */
    public void took(long records) {
        if (!counting) {
            counting = true;
        }
        taken.add(records);
    }

    /** Whether anything was ever counted: whether this JVM's query counts its source at all. */
    public boolean counting() {
        return counting;
    }

    /** What was counted since the last call, as a report ending at {@code nowEpochMillis}; starts a new interval. */
    public SourceReport takeReport(long nowEpochMillis) {
        return new SourceReport(nowEpochMillis, taken.sumThenReset());
    }
}
