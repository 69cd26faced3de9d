package dev.lachesis.core.cli;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sets the log level of the whole daemon at run time, from {@code --log-level} or the file's
 * {@code logging.level}. The one class that knows the logging backend is Logback. Stateless.
 */
final class LogLevels {
    private LogLevels() {
    }

    /** Sets the root level; {@code level} is one of trace, debug, info, warn, error, off. */
    static void set(String level) {
        if (LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME) instanceof Logger root) {
            root.setLevel(Level.toLevel(level, Level.INFO));
        }
    }
}
