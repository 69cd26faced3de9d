package dev.lachesis.experiments.run;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;

/** Reads the durations the experiments' commands take, {@code 500ms}, {@code 40s}, {@code 2m}, as picocli options. */
public final class DurationConverter implements CommandLine.ITypeConverter<Duration> {
    private static final Pattern FORM = Pattern.compile("(\\d+)(ms|s|m)");

    /** {@code duration} as {@link #convert} reads it: {@code 40s}, or {@code 1500ms} when not whole seconds. */
    public static String format(Duration duration) {
        long millis = duration.toMillis();
        return millis % 1000 == 0 ? millis / 1000 + "s" : millis + "ms";
    }

    @Override
    public Duration convert(String value) {
        Matcher m = FORM.matcher(value.trim());
        if (!m.matches()) {
            throw new CommandLine.TypeConversionException("'" + value + "' is not a duration such as 500ms, 40s or 2m");
        }
        long n = Long.parseLong(m.group(1));
        return switch (m.group(2)) {
            case "ms" -> Duration.ofMillis(n);
            case "s" -> Duration.ofSeconds(n);
            default -> Duration.ofMinutes(n);
        };
    }
}
