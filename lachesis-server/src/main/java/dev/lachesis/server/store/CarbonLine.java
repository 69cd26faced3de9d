package dev.lachesis.server.store;

import java.util.Locale;

/**
 * One line of carbon's plaintext protocol, {@code <path> <value> <timestamp>}, as the Storm and
 * Flink Graphite reporters send it (Dropwizard's {@code Graphite} sender over TCP). The timestamp
 * may have a fraction, which falls into its second's bucket, as carbon does; a value of
 * {@code nan} is an empty bucket. Immutable.
 *
 * @param path the series name
 * @param value the value, NaN for {@code nan}
 * @param epochSeconds the bucket, seconds since the epoch
 */
public record CarbonLine(String path, double value, long epochSeconds) {
    /**
     * Parses one line without its newline.
     *
     * @throws IllegalArgumentException saying what is wrong with it
     */
    public static CarbonLine parse(String line) {
        String[] fields = line.strip().split("\\s+");
        if (fields.length != 3 || fields[0].isEmpty()) {
            throw new IllegalArgumentException("expected 'path value timestamp'");
        }
        double value = number(fields[1], "value");
        double timestamp = number(fields[2], "timestamp");
        if (!Double.isFinite(timestamp) || timestamp < 0) {
            throw new IllegalArgumentException("timestamp '" + fields[2] + "' is not seconds since the epoch");
        }
        return new CarbonLine(fields[0], value, (long) Math.floor(timestamp));
    }

    private static double number(String text, String what) {
        String lower = text.toLowerCase(Locale.ROOT);
        switch (lower) {
            case "nan":
                return Double.NaN;
            case "inf":
            case "+inf":
            case "infinity":
                return Double.POSITIVE_INFINITY;
            case "-inf":
            case "-infinity":
                return Double.NEGATIVE_INFINITY;
            default:
                break;
        }
        try {
            double parsed = Double.parseDouble(text);
            if (lower.endsWith("d") || lower.endsWith("f") || lower.startsWith("0x")) {
                throw new NumberFormatException(text);
            }
            return parsed;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(what + " '" + text + "' is not a number");
        }
    }
}
