package dev.lachesis.translators;

import dev.lachesis.core.model.ThreadRef;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Finds the real-time thread that holds the CPU while the rest of its query gets none, from the run
 * time the kernel counts for each thread: the evidence of a livelock that is fresh the moment it is
 * read, where the query's own counters reach the daemon a round or more late. A spinning thread
 * burns CPU without emitting anything, so nothing else of its query (no consumer, no sender, no
 * flusher) has work: only it runs. A query working beyond saturation under strict priorities starves
 * its lowest threads too, but the threads its work flows through keep running. Once a thread of a
 * query has been runnable without CPU for a while, the watchdog starts {@linkplain #sample sampling}
 * the run time of the query's real-time threads (its lookouts aside: the JVM's compilers and the
 * metrics reporter run beside any operator), and {@link #of} names the one thread that took at least
 * {@value #HOLDING_SHARE_PERCENT}% of the time since while no other thread of the query got
 * {@value #OTHER_MILLIS} ms. Not thread-safe: the watchdog's thread owns it.
 */
final class CpuHog {
    /** The share of the time watched a thread must have run to hold the CPU, in percent. */
    static final int HOLDING_SHARE_PERCENT = 80;
    /** CPU time another thread of the query must have got to show the query still works, ms. */
    static final long OTHER_MILLIS = 1;

    /**
     * The thread that held the CPU: what it took of the time watched, and how many other threads of
     * its query got none of it.
     */
    record Hog(ThreadRef thread, long ranNanos, long watchedNanos, int others) {
        String describe(QueryKey query) {
            return query + ": only one of its threads ran, " + thread.pid() + "/" + thread.tid() + ", which took "
                    + ranNanos / 1_000_000 + " ms of CPU in the last " + watchedNanos / 1_000_000
                    + " ms while its " + others + " other real-time threads got none: it holds the CPU without letting its"
                    + " query progress";
        }
    }

    private record Baseline(long atNanos, Map<ThreadRef, Long> runNanos) {
    }

    private final Map<QueryKey, Baseline> watched = new HashMap<>();
    private final Map<QueryKey, Map<ThreadRef, Long>> latest = new HashMap<>();
    private final Map<QueryKey, Long> latestAt = new HashMap<>();

    /**
     * Records the run times of a suspect query's threads at {@code nowNanos}; the first sample of a
     * query is the baseline the later ones are measured from.
     */
    void sample(QueryKey query, Map<ThreadRef, Long> runNanos, long nowNanos) {
        watched.computeIfAbsent(query, q -> new Baseline(nowNanos, Map.copyOf(runNanos)));
        latest.put(query, Map.copyOf(runNanos));
        latestAt.put(query, nowNanos);
    }

    /** Stops watching every query but {@code suspects}. */
    void retainOnly(Set<QueryKey> suspects) {
        watched.keySet().retainAll(suspects);
        latest.keySet().retainAll(suspects);
        latestAt.keySet().retainAll(suspects);
    }

    /** Forgets everything (after the RT threads were demoted). */
    void reset() {
        watched.clear();
        latest.clear();
        latestAt.clear();
    }

    /** The thread of {@code query} that held the CPU over at least {@code minWatchedNanos}, if one did. */
    Optional<Hog> of(QueryKey query, long minWatchedNanos) {
        Baseline base = watched.get(query);
        Map<ThreadRef, Long> now = latest.get(query);
        if (base == null || now == null) {
            return Optional.empty();
        }
        long watchedNanos = latestAt.get(query) - base.atNanos();
        if (watchedNanos < minWatchedNanos || watchedNanos <= 0) {
            return Optional.empty();
        }
        ThreadRef busiest = null;
        long most = 0;
        int ran = 0;
        int others = 0;
        for (Map.Entry<ThreadRef, Long> e : now.entrySet()) {
            Long before = base.runNanos().get(e.getKey());
            if (before == null) {
                continue;
            }
            long delta = e.getValue() - before;
            others++;
            if (delta >= OTHER_MILLIS * 1_000_000) {
                ran++;
            }
            if (delta > most) {
                most = delta;
                busiest = e.getKey();
            }
        }
        if (busiest == null || ran != 1 || most * 100 < HOLDING_SHARE_PERCENT * watchedNanos) {
            return Optional.empty();
        }
        return Optional.of(new Hog(busiest, most, watchedNanos, others - 1));
    }
}
