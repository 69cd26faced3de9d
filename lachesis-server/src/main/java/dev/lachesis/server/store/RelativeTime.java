package dev.lachesis.server.store;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code from} and {@code until} values of Graphite's render API that clients such as
 * {@code curl} users and Grafana send: {@code now}, an offset such as {@code -60s}, {@code -5min},
 * {@code -1h}, {@code -2d}, {@code -1w}, or seconds since the epoch. Stateless.
 */
final class RelativeTime {
    private static final Pattern OFFSET = Pattern.compile("-(\\d+)\\s*([a-z]+)");

    private RelativeTime() {
    }

    /**
     * The epoch second {@code text} stands for at {@code nowSecond}.
     *
     * @throws IllegalArgumentException naming the text and the forms accepted
     */
    static long resolve(String text, long nowSecond) {
        String value = text.strip().toLowerCase(Locale.ROOT);
        if (value.equals("now")) {
            return nowSecond;
        }
        if (value.matches("\\d{1,12}")) {
            return Long.parseLong(value);
        }
        Matcher m = OFFSET.matcher(value);
        if (m.matches()) {
            long amount = Long.parseLong(m.group(1));
            long unit = switch (m.group(2)) {
                case "s", "sec", "secs", "second", "seconds" -> 1;
                case "min", "mins", "minute", "minutes" -> 60;
                case "h", "hour", "hours" -> 3_600;
                case "d", "day", "days" -> 86_400;
                case "w", "week", "weeks" -> 604_800;
                default -> 0;
            };
            if (unit > 0) {
                return nowSecond - amount * unit;
            }
        }
        throw new IllegalArgumentException("'" + text + "' is not a time (use now, -60s, -5min, -1h, -1d or epoch seconds)");
    }
}
