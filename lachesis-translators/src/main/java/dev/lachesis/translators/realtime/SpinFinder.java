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
 * time of its operator's newest reported interval ({@link RunTimeHistory}) while the operator,
 * with tuples waiting for it and room downstream, processed and emitted none in that interval
 * ({@link OperatorIntervals}). Beyond saturation a strict-priority policy keeps a thread busy too, but
 * that thread processes the tuples it was raised for; an idle thread polling its empty queue has none
 * waiting; one whose consumers' queues are full waits for them, whose starvation the query rule judges. An
 * interval that reached the daemon late is not judged: its counts need not belong to its stamps. The
 * evidence is as fresh as the SPE's reporter makes it: one interval after the spin began. Since
 * reporters stamp whole seconds, the run time is measured from the interval's start to a second
 * after its end, and must cover at least half the interval. Stateless.
 */
final class SpinFinder {
    /** The share of the interval a thread must have run to count as spinning, in percent. */
    static final int BUSY_PERCENT = 40;

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
                    || interval.get().outputBlocked() || interval.get().late()) {
                continue;
            }
            Interval i = interval.get();
            long lengthMillis = (i.endEpochSeconds() - i.startEpochSeconds()) * 1_000;
            Optional<Ran> ran = history.between(e.getKey(), i.startEpochSeconds() * 1_000,
                    Math.min((i.endEpochSeconds() + 1) * 1_000, nowMillis));
            if (ran.isPresent() && ran.get().spanMillis() * 2 >= lengthMillis
                    && ran.get().share() * 100 >= BUSY_PERCENT) {
                spinning.add(new Spinning(e.getKey(), names.getOrDefault(e.getKey(), "?"), e.getValue(), i, ran.get()));
            }
        }
        return spinning;
    }
}
