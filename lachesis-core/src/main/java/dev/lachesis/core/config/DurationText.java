package dev.lachesis.core.config;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads and writes durations the way users type them in the YAML file and on the command line:
 * {@code 500ms}, {@code 1s}, {@code 2m}, {@code 1h}, or a bare number of seconds.
 */
public final class DurationText {
    private static final Pattern FORMAT = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|m|h)?");

    private DurationText() {
    }

    /**
     * Parses {@code text}.
     *
     * @throws IllegalArgumentException naming the text and the accepted forms
     */
    public static Duration parse(String text) {
        Matcher m = FORMAT.matcher(text.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a duration (use e.g. 500ms, 1s, 2m, 1h)");
        }
        double amount = Double.parseDouble(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2);
        double millis = switch (unit) {
            case "ms" -> amount;
            case "s" -> amount * 1_000;
            case "m" -> amount * 60_000;
            case "h" -> amount * 3_600_000;
            default -> throw new IllegalStateException(unit);
        };
        return Duration.ofNanos(Math.round(millis * 1_000_000));
    }

    /** The shortest exact text for {@code d} in the units {@link #parse} reads. */
    public static String format(Duration d) {
        long ms = d.toMillis();
        if (ms % 1000 != 0 || ms == 0) {
            return ms + "ms";
        }
        long s = ms / 1000;
        if (s % 3600 == 0) {
            return s / 3600 + "h";
        }
        if (s % 60 == 0) {
            return s / 60 + "m";
        }
        return s + "s";
    }
}
