package dev.lachesis.core.metricsource;

import java.util.Objects;
import org.slf4j.Logger;

/**
 * Logs what only a metric source can tell about its failures: that a failure changed its kind (a
 * timeout after a refused connection). The start and the end of a streak of failures are not logged
 * here above debug: the failure reaches the daemon's loop as the message of the exception, and the
 * loop logs it once when it starts and once when it clears, so a source that is down for an hour
 * writes two lines, not 3,600, and not the same line twice. Stack traces go to debug only.
 * Thread-safe.
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
     * @param condition what kind of failure, e.g. {@code refused} or {@code http-500}; a new kind in a
     *     streak of failures is logged at warn, the first at debug
     * @param message the one-line message
     * @param cause logged at debug with its stack trace, may be null
     */
    public synchronized void failed(String condition, String message, Throwable cause) {
        failures++;
        if (current == null) {
            log.debug("{} (the first failure: the caller reports it)", message);
        } else if (!condition.equals(current)) {
            log.warn(message);
        }
        current = condition;
        if (cause != null && log.isDebugEnabled()) {
            log.debug(message, cause);
        }
    }

    /** Records a success; logs at debug if it ends a failing condition (the caller reports the recovery). */
    public synchronized void succeeded() {
        if (current != null) {
            log.debug("{} answers again after {} failed {}", subject, failures, failures == 1 ? "query" : "queries");
            current = null;
            failures = 0;
        }
    }

    /** Whether the last outcome was a failure. */
    public synchronized boolean isFailing() {
        return current != null;
    }
}
