package dev.lachesis.core.loop;

import java.util.LinkedHashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Logs a failing condition (an SPE that cannot be seen, a translator the kernel refuses) once when
 * it starts and once when it clears, however many rounds it lasts, so a daemon left running for
 * days does not drown its log. A condition is identified by a key such as {@code spe storm}; while
 * it persists, changed messages go to debug. Not thread-safe; used by the loop's thread.
 */
final class ConditionLog {
    private static final Logger LOG = LoggerFactory.getLogger(ConditionLog.class);

    private final Map<String, Failure> failing = new LinkedHashMap<>();

    /** Records that {@code key} fails this round with {@code message}. */
    void fail(String key, String message, Throwable cause) {
        Failure failure = failing.get(key);
        if (failure == null) {
            failing.put(key, new Failure(message));
            LOG.warn("{} (keeping the last applied priorities until this clears)", message);
            LOG.debug("Cause of: {}", message, cause);
        } else {
            failure.rounds++;
            if (!failure.message.equals(message)) {
                failure.message = message;
                LOG.debug("Still failing: {}", message, cause);
            }
        }
    }

    /** Records that {@code key} works this round; logs once if it was failing. */
    void clear(String key) {
        Failure failure = failing.remove(key);
        if (failure != null) {
            LOG.info("Recovered after {} failed round(s): {}", failure.rounds, key);
        }
    }

    /** Whether {@code key} is failing; for tests and status. */
    boolean isFailing(String key) {
        return failing.containsKey(key);
    }

    /** A condition currently failing. */
    private static final class Failure {
        String message;
        int rounds = 1;

        Failure(String message) {
            this.message = message;
        }
    }
}
