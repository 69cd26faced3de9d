package dev.lachesis.core.cli;

import dev.lachesis.core.config.DurationText;
import java.time.Duration;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Reads a duration option ({@code 500ms}, {@code 10s}, {@code 2m}, {@code 1h}) as the policy file's
 * durations are read ({@link DurationText}), for every command of {@code lachesis} and
 * {@code lachesis-bench}: one way to write a duration everywhere.
 */
public final class DurationConverter implements ITypeConverter<Duration> {
    @Override
    public Duration convert(String value) {
        try {
            return DurationText.parse(value);
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }
}
