package dev.lachesis.core.cli;

import java.util.Locale;

/** The values {@code --log-level} accepts, so picocli lists them and rejects others. */
enum LogLevel {
    TRACE, DEBUG, INFO, WARN, ERROR, OFF;

    String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
