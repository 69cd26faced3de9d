package dev.lachesis.translators.realtime;

import dev.lachesis.core.model.ThreadRef;
import dev.lachesis.translators.realtime.QueryProgress.Reading;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Decides, from one look of the watchdog, whether real time must go: the rules that tell a livelock
 * from the starvation a strict-priority policy causes on purpose beyond saturation. Two things are
 * protected, the machine first:
 * <ol>
 *   <li><b>The machine.</b> A canary of the daemon, a SCHED_OTHER thread pinned to a CPU the RT
 *       threads run on, that got no CPU for longer than an ordinary thread may wait while the
 *       kernel throttles RT threads ({@link RtThrottling#allowanceNanos()}) plus the stall time
 *       means nothing but real-time threads runs there: demote.</li>
 *   <li><b>The query.</b> An operator's real-time thread that kept the CPU through its operator's
 *       newest reported interval while the operator, with tuples waiting, processed and emitted
 *       none ({@link SpinFinder}) spins: demote, whatever the rest of its query does (a spinning
 *       executor beside a working replica of its operator leaves the query progressing). The
 *       kernel's run times alone cannot say this: beyond saturation the thread a policy raises also
 *       runs alone while the rest of its query waits, but it processes tuples. Then a real-time
 *       thread that is runnable but got no CPU for the stall time is let be while its query
 *       ({@link QueryProgress}: its operators, sources aside) processed tuples in one of the last
 *       {@link #ROUNDS} rounds that read its operators, no longer than the progress age ago; otherwise
 *       — no round ever showed it processing (no metrics), the last {@link #ROUNDS} rounds read 0
 *       tuples/s, or the last progress is older than the progress age — it trips the watchdog as it
 *       always did. A round without a value is no evidence either way: the metric path of a busy
 *       machine goes dark for seconds while the query runs (every series of a Storm worker stopped
 *       for 7–8 s under intended starvation in the kernel test), so dark rounds only age the last
 *       progress, and the progress age bounds how long they may last.</li>
 * </ol>
 * Pure, stateless and thread-safe.
 */
final class LivelockJudge {
    /**
     * How many observed rounds in a row reading 0 tuples/s for its operators make a query not
     * progressing. Five, because a window of a few seconds can read 0 while tuples are in flight
     * behind a starved operator; rounds without a value do not count (see above).
     */
    static final int ROUNDS = 5;

    /**
     * A real-time thread that was runnable but got no CPU for at least the stall time. Immutable.
     *
     * @param query its query, or {@code null} when the schedule did not say
     */
    record Starving(ThreadRef thread, String comm, long stalledNanos, QueryKey query) {
        String describe() {
            return "thread '" + comm + "' (" + thread.pid() + "/" + thread.tid() + ") was runnable but got no CPU for "
                    + stalledNanos / 1_000_000 + " ms";
        }
    }

    /**
     * An operator's real-time thread that ran through its operator's newest interval while the
     * operator processed nothing. Immutable.
     */
    record Spinning(ThreadRef thread, String comm, OperatorKey operator, OperatorIntervals.Interval interval,
                    RunTimeHistory.Ran ran) {
        String describe() {
            return "thread '" + comm + "' (" + thread.pid() + "/" + thread.tid() + ") of " + operator + " ran "
                    + ran.ranNanos() / 1_000_000 + " ms of CPU in " + ran.spanMillis() + " ms while its operator, with"
                    + " tuples waiting, processed and emitted none " + interval.describe() + ": it spins";
        }
    }

    /** What one look decided. */
    sealed interface Verdict permits Demote, Keep {
    }

    /** Real time must go, for {@code reason} (one line with the evidence). */
    record Demote(String reason) implements Verdict {
    }

    /** Real time stays; {@code excused} are the starving threads whose queries progress. */
    record Keep(List<Excused> excused) implements Verdict {
        Keep {
            excused = List.copyOf(excused);
        }
    }

    /** A starving thread let be, with the reading that shows its query progressing and that reading's age. */
    record Excused(Starving thread, Reading progress, long ageNanos) {
    }

    private final long stallNanos;
    private final long progressAgeNanos;

    /**
     * @param stallNanos how long a thread may go without CPU before it counts as starving
     * @param progressAgeNanos how long ago a query may last have progressed and still count
     */
    LivelockJudge(long stallNanos, long progressAgeNanos) {
        this.stallNanos = stallNanos;
        this.progressAgeNanos = progressAgeNanos;
    }

    /**
     * Judges one look.
     *
     * @param canaryStarvedNanos per CPU, how long that CPU's canary has been runnable without running
     * @param throttling the kernel's real-time throttling now
     * @param spinning the operators' real-time threads that spin ({@link SpinFinder})
     * @param starving the real-time threads starving for at least the stall time
     * @param progress the newest progress reading of a query
     * @param nowNanos the look's time
     */
    Verdict judge(Map<Integer, Long> canaryStarvedNanos, RtThrottling throttling, List<Spinning> spinning,
                  List<Starving> starving, Function<QueryKey, Optional<Reading>> progress, long nowNanos) {
        long canaryLimit = throttling.allowanceNanos() + stallNanos;
        for (Map.Entry<Integer, Long> canary : canaryStarvedNanos.entrySet()) {
            if (canary.getValue() > canaryLimit) {
                return new Demote("the daemon's canary on CPU " + canary.getKey() + ", a SCHED_OTHER thread, got no CPU"
                        + " for " + canary.getValue() / 1_000_000 + " ms, more than the " + stallNanos / 1_000_000
                        + " ms stall beyond the " + throttling.allowanceNanos() / 1_000_000 + " ms it may wait ("
                        + throttling.describe() + "): nothing but real-time threads runs there");
            }
        }
        if (!spinning.isEmpty()) {
            return new Demote(spinning.get(0).describe());
        }
        List<Excused> excused = new ArrayList<>();
        for (Starving thread : starving) {
            Optional<Reading> reading = thread.query() == null ? Optional.empty() : progress.apply(thread.query());
            long age = reading.isPresent() ? nowNanos - reading.get().observedAtNanos() : Long.MAX_VALUE;
            if (reading.isPresent() && age <= progressAgeNanos && reading.get().roundsAtZero() < ROUNDS) {
                excused.add(new Excused(thread, reading.get(), age));
                continue;
            }
            return new Demote(thread.describe() + " and " + noProgress(thread.query(), reading, age));
        }
        return new Keep(excused);
    }

    private String noProgress(QueryKey query, Optional<Reading> reading, long ageNanos) {
        if (query == null) {
            return "no query is known for it";
        }
        if (reading.isEmpty()) {
            return query + " has shown no progress: no round read its operators processing tuples";
        }
        String last = " (" + Math.round(reading.get().tuplesPerSecond()) + " tuples/s, read " + ageNanos / 1_000_000
                + " ms ago)";
        if (reading.get().roundsAtZero() >= ROUNDS) {
            return query + " makes no progress: its operators processed 0 tuples/s in " + reading.get().roundsAtZero()
                    + " rounds since they last processed any" + last + (reading.get().roundsUnread() == 0 ? ""
                    : "; " + reading.get().roundsUnread() + " more rounds had no value");
        }
        return query + " has shown no progress for longer than the " + progressAgeNanos / 1_000_000
                + " ms progress age: its operators last processed tuples" + last;
    }
}
