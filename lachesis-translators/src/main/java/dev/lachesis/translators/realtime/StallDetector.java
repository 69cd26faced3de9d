package dev.lachesis.translators.realtime;

import dev.lachesis.core.model.ThreadRef;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Decides from successive samples whether a thread is starving: runnable (state {@code R}) and
 * getting no CPU (its run time not advancing) for at least the stall time. Threads that sleep, or
 * run at all, are fine. Pure and not thread-safe: the watchdog's thread owns it.
 */
final class StallDetector {
    private record Since(long runTimeNanos, long sinceNanos) {
    }

    private final long stallNanos;
    private Map<ThreadRef, Since> starving = new HashMap<>();
    private Map<ThreadRef, Since> seenThisRound = new HashMap<>();

    StallDetector(long stallNanos) {
        this.stallNanos = stallNanos;
    }

    /**
     * Takes one sample of a thread at {@code nowNanos}.
     *
     * @return how long it has been starving, when at least the stall time
     */
    Optional<Long> observe(ThreadRef ref, char state, long runTimeNanos, long nowNanos) {
        Since before = starving.get(ref);
        if (state != 'R') {
            return Optional.empty();
        }
        Since since = before != null && before.runTimeNanos() == runTimeNanos ? before : new Since(runTimeNanos, nowNanos);
        seenThisRound.put(ref, since);
        long stalled = nowNanos - since.sinceNanos();
        return stalled >= stallNanos ? Optional.of(stalled) : Optional.empty();
    }

    /** Ends a round of samples: threads not runnable in it start afresh next time. */
    void endRound() {
        starving = seenThisRound;
        seenThisRound = new HashMap<>();
    }

    /** Forgets everything (after the RT threads were demoted). */
    void reset() {
        starving.clear();
        seenThisRound.clear();
    }
}
