package dev.lachesis.experiments.measure;

import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The records every source of this JVM emitted into the SPE between two reports: the throughput at
 * the source, which beyond saturation is what the query takes in (the sink's rate lags it by what
 * operators drop and what queues hold). A source counts itself: it {@linkplain #attach() attaches}
 * once when it opens, then calls {@link #emitted()} for every record it hands to the SPE. Sources
 * the queries do not own are wrapped so that they count ({@code CountingSpout} on Storm,
 * {@code CountingSource} on Flink). {@link SinkReportPrinter} takes the count with each
 * {@link SinkReport}; a JVM whose sources never attached reports no count rather than zero.
 * Thread-safe.
 */
public final class SourceStats {
    private static final SourceStats JVM = new SourceStats();

    private final AtomicLong emitted = new AtomicLong();
    private volatile boolean attached;

    // VisibleForTesting: a recorder of its own for a test; queries use jvm()
    SourceStats() {
    }

    /** The one recorder of this JVM. */
    public static SourceStats jvm() {
        return JVM;
    }

    /** Says that a counting source runs in this JVM, so an interval without records reports 0. */
    public void attach() {
        attached = true;
    }

    /** Counts one record emitted into the SPE. */
    public void emitted() {
        emitted.incrementAndGet();
    }

    /**
     * The records emitted since the last call, and starts a new interval; empty when no source has
     * {@linkplain #attach() attached}.
     */
    public OptionalLong take() {
        long count = emitted.getAndSet(0);
        return attached ? OptionalLong.of(count) : OptionalLong.empty();
    }
}
