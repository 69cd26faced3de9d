package dev.lachesis.core.config;

import java.util.List;
import java.util.Locale;

/**
 * The {@code logging} section. The command line's {@code --log-level} wins over it. Immutable.
 *
 * @param level one of {@link #LEVELS}; default {@code info}
 */
public record LoggingConfig(String level) {
    /** The levels a user may name, quietest last. */
    public static final List<String> LEVELS = List.of("trace", "debug", "info", "warn", "error", "off");

    public LoggingConfig {
        level = level == null ? "info" : level.toLowerCase(Locale.ROOT);
    }
}
