package dev.lachesis.translators.realtime;

import dev.lachesis.core.model.ThreadRef;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The run time and the sleeps the kernel counted for each watched thread at the watchdog's recent
 * looks, kept for {@code keepMillis}: the CPU a thread took over an interval an SPE reported only
 * seconds later, and whether it slept in it.
 * Not thread-safe: the watchdog's thread owns it.
 */
final class RunTimeHistory {
    /**
     * The CPU a thread took between two of its samples.
     *
     * @param ranNanos its run time between them
     * @param spanMillis the wall-clock time between them
     * @param sleeps how often it gave up its CPU of its own accord between them (voluntary switches)
     */
    record Ran(long ranNanos, long spanMillis, long sleeps) {
        /** The share of the span the thread ran, 0 to about 1. */
        double share() {
            return spanMillis <= 0 ? 0 : ranNanos / (spanMillis * 1_000_000.0);
        }
    }

    private record Sample(long epochMillis, long runNanos, long sleeps) {
    }

    private final long keepMillis;
    private final Map<ThreadRef, Deque<Sample>> samples = new HashMap<>();

    RunTimeHistory(long keepMillis) {
        this.keepMillis = keepMillis;
    }

    /**
     * Records a thread's run time and its count of voluntary switches at {@code epochMillis}, and
     * forgets its samples older than the time kept.
     */
    void record(ThreadRef thread, long epochMillis, long runNanos, long voluntarySwitches) {
        Deque<Sample> kept = samples.computeIfAbsent(thread, t -> new ArrayDeque<>());
        kept.addLast(new Sample(epochMillis, runNanos, voluntarySwitches));
        while (kept.peekFirst().epochMillis() < epochMillis - keepMillis) {
            kept.removeFirst();
        }
    }

    /** Forgets every thread but {@code watched}. */
    void retainOnly(Set<ThreadRef> watched) {
        samples.keySet().retainAll(watched);
    }

    /** Forgets everything (after the RT threads were demoted). */
    void reset() {
        samples.clear();
    }

    /**
     * What the thread took from its first sample at or after {@code fromMillis} to its last at or
     * before {@code toMillis}; empty without two such samples.
     */
    Optional<Ran> between(ThreadRef thread, long fromMillis, long toMillis) {
        Deque<Sample> kept = samples.get(thread);
        if (kept == null) {
            return Optional.empty();
        }
        Sample first = null;
        Sample last = null;
        for (Sample s : kept) {
            if (s.epochMillis() >= fromMillis && s.epochMillis() <= toMillis) {
                if (first == null) {
                    first = s;
                }
                last = s;
            }
        }
        if (first == null || last.epochMillis() <= first.epochMillis()) {
            return Optional.empty();
        }
        return Optional.of(new Ran(last.runNanos() - first.runNanos(), last.epochMillis() - first.epochMillis(),
                last.sleeps() - first.sleeps()));
    }
}
