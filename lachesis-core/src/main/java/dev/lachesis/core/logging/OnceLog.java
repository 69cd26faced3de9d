package dev.lachesis.core.logging;

import java.util.HashSet;
import java.util.Objects;
import java.util.Set;
import org.slf4j.Logger;

/**
 * Logs a lasting fact once per key instead of every round: a source that publishes no backlog, a
 * JVM that runs no executor of a topology, a capability the kernel refuses. The daemon runs a round
 * a second for days, so whatever a round finds again and again must reach the log once. Lines go
 * to the owner's logger, so they carry the owner's name. A failure that starts and clears is the
 * loop's to log, once at each end. Thread-safe.
 */
public final class OnceLog {
    private final Logger log;
    private final Set<String> seen = new HashSet<>();

    /** @param log the owner's logger */
    public OnceLog(Logger log) {
        this.log = Objects.requireNonNull(log, "log");
    }

    /** True the first time {@code key} is asked for, so a caller can build a costly message only then. */
    public synchronized boolean first(String key) {
        return seen.add(key);
    }

    /** Logs at info the first time {@code key} comes. */
    public void info(String key, String format, Object... args) {
        if (first(key)) {
            log.info(format, args);
        }
    }

    /** Logs at warn the first time {@code key} comes. */
    public void warn(String key, String format, Object... args) {
        if (first(key)) {
            log.warn(format, args);
        }
    }

    /** Logs at warn the first time {@code key} comes, at debug every later time. */
    public void warnThenDebug(String key, String format, Object... args) {
        if (first(key)) {
            log.warn(format, args);
        } else {
            log.debug(format, args);
        }
    }
}
