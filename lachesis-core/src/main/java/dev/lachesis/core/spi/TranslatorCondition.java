package dev.lachesis.core.spi;

import java.time.Instant;
import java.util.Objects;

/**
 * Something that holds a translator back now, which no failed round shows (the round succeeds): the
 * real-time watchdog demoted the threads and real time resumes at a later time. For the status
 * endpoint. Immutable.
 *
 * @param since when it started
 * @param message one line saying what and until when
 */
public record TranslatorCondition(Instant since, String message) {
    public TranslatorCondition {
        Objects.requireNonNull(since, "since");
        Objects.requireNonNull(message, "message");
    }
}
