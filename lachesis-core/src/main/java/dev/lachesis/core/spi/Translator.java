package dev.lachesis.core.spi;

import dev.lachesis.core.schedule.Schedule;
import dev.lachesis.core.schedule.ScheduleForm;
import java.util.List;
import java.util.Set;

/**
 * Turns a policy's schedule into what the Linux scheduler obeys (2021 paper §5.3, Definition 3.3):
 * normalises the raw priorities onto the mechanism's range and applies them, recording every
 * thread's original setting first so {@link #close()} can put it back. Called from the main loop's
 * thread only (and {@link #close()} from a shutdown hook once that thread has stopped), except
 * {@link #conditions()} and {@link #realTimeDemotions()}, which the status endpoint reads.
 */
public interface Translator extends AutoCloseable {
    /** The schedule form it accepts. */
    ScheduleForm accepts();

    /** Whether it puts threads in a real-time class (SCHED_RR/FIFO); policies adapt to that. */
    default boolean isRealTime() {
        return false;
    }

    /**
     * The metrics (see {@link dev.lachesis.core.metric.MetricNames}) the translator reads from
     * {@link #observe} when it can have them. It works without them (the real-time watchdog then
     * judges by its canaries alone), so each is registered at start-up only when every SPE's driver
     * can resolve it; the default uses none.
     */
    default Set<String> optionalMetrics() {
        return Set.of();
    }

    /**
     * Shows the translator the round its policy is about to schedule from, every round before
     * {@link #plan}: what a translator that judges the queries' health (the real-time watchdog
     * reads their progress) needs beyond the schedule. Also called in a round the policy cannot run
     * because an SPE it schedules could not be seen, with the SPEs that could. The default ignores it.
     */
    default void observe(PolicyInput round) {
    }

    /** What holds it back now (real time demoted until a time), for the status endpoint; any thread may ask. */
    default List<TranslatorCondition> conditions() {
        return List.of();
    }

    /** How many times it demoted its real-time threads since it started (watchdog trips); any thread may ask. */
    default long realTimeDemotions() {
        return 0;
    }

    /** Normalises {@code schedule} into OS values without touching any thread. */
    TranslationPlan plan(Schedule schedule);

    /**
     * Applies {@code plan}: only what changed since the last apply; threads that vanished are dropped
     * silently. Returns the plan as applied.
     *
     * @throws TranslatorException when the kernel refuses (the message says how to fix it)
     */
    TranslationPlan apply(TranslationPlan plan) throws TranslatorException;

    /**
     * On a reload ({@code SIGHUP}), takes over the threads that {@code previous}, the translator of
     * the same policy in the file before, changed: they keep their settings until this translator's
     * schedule changes them, and this translator restores them on {@link #close()}. {@code previous}
     * is left closed with nothing to restore. Only a translator with the same mechanism and restore
     * journal can; the default cannot, and the loop then closes {@code previous} first, restoring
     * its threads.
     *
     * @return whether it took them over
     */
    default boolean takeOver(Translator previous) {
        return false;
    }

    /** Restores every thread it touched to its original setting and removes what it created. */
    @Override
    void close();
}
