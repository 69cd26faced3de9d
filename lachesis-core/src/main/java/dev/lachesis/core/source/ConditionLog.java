package dev.lachesis.core.source;

import java.util.Objects;
import org.slf4j.Logger;

/**
 * Logs a failing condition once, not once per round, and once more when it clears: a metric source
 * that is down for an hour writes two lines, not 3,600. A new condition (a timeout after a refused
 * connection) is logged when it starts. Stack traces go to debug only. Thread-safe.
 */
public final class ConditionLog {
    private final Logger log;
    private final String subject;
    private String current;
    private long failures;

    /**
     * @param log the owner's logger, so lines carry the owner's name
     * @param subject what fails and recovers, for the recovery line (e.g. {@code Graphite at http://…})
     */
    public ConditionLog(Logger log, String subject) {
        this.log = Objects.requireNonNull(log, "log");
        this.subject = Objects.requireNonNull(subject, "subject");
    }

    /**
     * Records a failure.
     *
     * @param condition what kind of failure, e.g. {@code refused} or {@code http-500}; a new kind is logged
     * @param message the one-line message to log at warn
     * @param cause logged at debug with its stack trace, may be null
     */
    public synchronized void failed(String condition, String message, Throwable cause) {
        failures++;
        if (!condition.equals(current)) {
            current = condition;
            log.warn(message);
        }
        if (cause != null && log.isDebugEnabled()) {
            log.debug(message, cause);
        }
    }

    /** Records a success; logs once at info if it ends a failing condition. */
    public synchronized void succeeded() {
        if (current != null) {
            log.info("{} answers again after {} failed {}", subject, failures, failures == 1 ? "query" : "queries");
            current = null;
            failures = 0;
        }
    }

    /** Whether the last outcome was a failure. */
    public synchronized boolean isFailing() {
        return current != null;
    }
}
