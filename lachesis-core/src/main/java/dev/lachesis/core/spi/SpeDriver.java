package dev.lachesis.core.spi;

import dev.lachesis.core.metric.MetricValues;
import dev.lachesis.core.model.SpeState;
import java.util.Map;
import java.util.Set;

/**
 * The daemon's view of one SPE instance (2021 paper §4, "SPE drivers"): which worker processes,
 * queries, operators and threads exist, and the raw metrics the SPE publishes. Everything
 * SPE-specific stays behind this interface. Called from the main loop's thread only.
 */
public interface SpeDriver extends AutoCloseable {
    /**
     * Discovers the SPE's current state. Cheap when nothing changed: implementations re-read
     * threads only when a process's thread set changed.
     *
     * @throws DriverException when the SPE cannot be seen this round
     */
    SpeState refresh() throws DriverException;

    /** The metric names (see {@link dev.lachesis.core.metric.MetricNames}) this driver can provide. */
    Set<String> providedMetrics();

    /**
     * Fetches the given provided metrics for this round, all at once (one request to the metric
     * source). A metric with no data this round maps to empty values, not an exception.
     *
     * @param state the state {@link #refresh()} returned this round
     * @param metrics a subset of {@link #providedMetrics()}
     * @throws DriverException when the metric source cannot be reached or answers garbage
     */
    Map<String, MetricValues> fetch(SpeState state, Set<String> metrics) throws DriverException;

    /**
     * Whether the SPE's operator threads poll their queues, parking for a moment between polls, rather
     * than block until work arrives (Storm 2's executors poll; Storm 1.x's and Flink's block). Each
     * poll of a real-time thread preempts the thread with work, so the {@code rt} translator applies
     * nice values to an SPE that says so unless told otherwise. The default: they block.
     */
    default boolean operatorThreadsPoll() {
        return false;
    }

    /**
     * Tells the driver, once after creation, that a real-time translator (SCHED_RR/FIFO) applies the
     * schedules of a policy covering this SPE, so it can warn about SPE settings that starve other
     * threads under real-time priorities (e.g. Storm's spinning wait strategy). The default ignores it.
     */
    default void scheduledInRealTime() {
    }

    /** Releases connections; the default does nothing. */
    @Override
    default void close() {
    }
}
