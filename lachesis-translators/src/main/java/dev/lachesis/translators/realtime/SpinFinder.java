package dev.lachesis.translators.realtime;

import dev.lachesis.core.model.ThreadRef;
import dev.lachesis.translators.realtime.LivelockJudge.Spinning;
import dev.lachesis.translators.realtime.OperatorIntervals.Interval;
import dev.lachesis.translators.realtime.RunTimeHistory.Ran;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Finds the real-time operator threads that spin: each ran at least {@value #BUSY_PERCENT}% of the
 * time of its operator's newest reported interval ({@link RunTimeHistory}), giving up its CPU of its
 * own accord fewer than {@value #MAX_SLEEPS_PER_SECOND} times a second, while the operator, with tuples waiting for it, processed and emitted none
 * in that interval ({@link OperatorIntervals}). Beyond saturation a strict-priority policy keeps a
 * thread busy too, but that thread processes the tuples it was raised for; an idle thread polling its
 * empty queue has none waiting; one waiting for room downstream parks between its tries (Storm 2's
 * back-pressure wait spins and yields, then parks), whose starvation the query rule judges. An
 * interval that reached the daemon late is not judged: its counts need not belong to its stamps. The
 * evidence is as fresh as the SPE's reporter makes it: one interval after the spin began. Since
 * reporters stamp whole seconds, the run time is measured from the interval's start to a second
 * after its end, and must cover at least half the interval. Stateless.
 */
final class SpinFinder {
    /** The share of the interval a thread must have run to count as spinning, in percent. */
    static final int BUSY_PERCENT = 40;
    /**
     * How often a spinning thread may give up its CPU of its own accord per second: a JVM thread
     * blocks at each safepoint (a few a second), while one that waits for room downstream parks
     * between its tries (hundreds to thousands a second with Storm 2's back-pressure waits).
     */
    static final int MAX_SLEEPS_PER_SECOND = 20;

    private final RunTimeHistory history;
    private final Function<OperatorKey, Optional<Interval>> intervals;

    SpinFinder(RunTimeHistory history, Function<OperatorKey, Optional<Interval>> intervals) {
        this.history = history;
        this.intervals = intervals;
    }

    /**
     * @param operatorThreads the real-time main threads of operators, with their operators and names
     * @param nowMillis the time, in epoch milliseconds
     */
    List<Spinning> find(Map<ThreadRef, OperatorKey> operatorThreads, Map<ThreadRef, String> names, long nowMillis) {
        List<Spinning> spinning = new ArrayList<>();
        for (Map.Entry<ThreadRef, OperatorKey> e : operatorThreads.entrySet()) {
            Optional<Interval> interval = intervals.apply(e.getValue());
            if (interval.isEmpty() || interval.get().tuples() > 0 || !interval.get().workWaiting()
                    || interval.get().late()) {
                continue;
            }
            Interval i = interval.get();
            long lengthMillis = (i.endEpochSeconds() - i.startEpochSeconds()) * 1_000;
            Optional<Ran> ran = history.between(e.getKey(), i.startEpochSeconds() * 1_000,
                    Math.min((i.endEpochSeconds() + 1) * 1_000, nowMillis));
            if (ran.isPresent() && ran.get().spanMillis() * 2 >= lengthMillis
                    && ran.get().share() * 100 >= BUSY_PERCENT
                    && ran.get().sleeps() * 1_000 < MAX_SLEEPS_PER_SECOND * ran.get().spanMillis()) {
                spinning.add(new Spinning(e.getKey(), names.getOrDefault(e.getKey(), "?"), e.getValue(), i, ran.get()));
            }
        }
        return spinning;
    }
}
