package dev.lachesis.core.logging;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.event.Level;

/**
 * Logs a failing condition (an SPE that cannot be seen, a translator the kernel refuses, a metric
 * store that does not answer) once when it starts and once when it clears, however many rounds it
 * lasts, so a daemon left running for days does not drown its log. A condition is identified by a
 * key such as {@code spe storm}; while it lasts, a new kind of failure (a timeout after a refused
 * connection) is logged at warn and anything else at debug, stack traces at debug only. Where a
 * failure travels on as an exception to an owner that logs it ({@link #quiet}), the start and the end
 * go to debug, so nothing is logged twice. Lines go to the logger given, so they carry its name.
 * Thread-safe.
 */
public final class ConditionLog {
    private final Logger log;
    private final Level startAndEnd;
    private final Clock clock;
    private final Map<String, Streak> failing = new LinkedHashMap<>();

    private ConditionLog(Logger log, Level startAndEnd, Clock clock) {
        this.log = Objects.requireNonNull(log, "log");
        this.startAndEnd = startAndEnd;
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** A log that reports each condition when it starts (warn) and when it clears (info). */
    public static ConditionLog reporting(Logger log) {
        return reporting(log, Clock.systemUTC());
    }

    /** As {@link #reporting(Logger)}, dating each condition's start by {@code clock}. */
    public static ConditionLog reporting(Logger log, Clock clock) {
        return new ConditionLog(log, Level.WARN, clock);
    }

    /** A log whose caller reports the start and the end (they go to debug here); a new kind still goes to warn. */
    public static ConditionLog quiet(Logger log) {
        return new ConditionLog(log, Level.DEBUG, Clock.systemUTC());
    }

    /**
     * A condition failing now, for a status page.
     *
     * @param key what fails, e.g. {@code spe storm}
     * @param since when it started failing
     * @param failures how many times it failed since
     * @param message its latest message
     */
    public record Active(String key, Instant since, int failures, String message) {
    }

    /** Records that {@code key} fails with {@code message}, of one kind for as long as it lasts. */
    public void failed(String key, String message, Throwable cause) {
        failed(key, key, message, cause);
    }

    /**
     * Records that {@code key} fails with {@code message}.
     *
     * @param kind what kind of failure, e.g. {@code refused} or {@code http-500}
     * @param cause logged at debug with its stack trace, may be null
     */
    public synchronized void failed(String key, String kind, String message, Throwable cause) {
        Streak streak = failing.get(key);
        if (streak == null) {
            failing.put(key, new Streak(kind, message, clock.instant()));
            log.atLevel(startAndEnd).log(message);
        } else {
            streak.failures++;
            if (!kind.equals(streak.kind)) {
                log.warn(message);
            } else if (!message.equals(streak.message)) {
                log.debug("Still failing: {}", message);
            }
            streak.kind = kind;
            streak.message = message;
        }
        if (cause != null && log.isDebugEnabled()) {
            log.debug("Cause of: {}", message, cause);
        }
    }

    /** Records that {@code key} works; logs once if it was failing. */
    public synchronized void cleared(String key) {
        Streak streak = failing.remove(key);
        if (streak != null) {
            log.atLevel(startAndEnd == Level.WARN ? Level.INFO : Level.DEBUG)
                    .log("Recovered after {} failed round(s): {}", streak.failures, key);
        }
    }

    /** Drops {@code key} without a line: what failed is gone (a process that ended), not recovered. */
    public synchronized void forget(String key) {
        failing.remove(key);
    }

    /** Whether {@code key} is failing. */
    public synchronized boolean isFailing(String key) {
        return failing.containsKey(key);
    }

    /** The conditions failing now, in the order they started. */
    public synchronized List<Active> active() {
        List<Active> active = new ArrayList<>();
        failing.forEach((key, streak) -> active.add(new Active(key, streak.since, streak.failures, streak.message)));
        return active;
    }

    /** A condition failing now. */
    private static final class Streak {
        String kind;
        String message;
        final Instant since;
        int failures = 1;

        Streak(String kind, String message, Instant since) {
            this.kind = kind;
            this.message = message;
            this.since = since;
        }
    }
}
