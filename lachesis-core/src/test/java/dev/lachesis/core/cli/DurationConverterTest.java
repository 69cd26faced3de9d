package dev.lachesis.core.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lachesis.core.config.DurationText;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.TypeConversionException;

/** A duration option reads as the policy file's durations do, and reads back what they print. */
class DurationConverterTest {
    private final DurationConverter converter = new DurationConverter();

    @Test
    void readsTheUnitsOfThePolicyFile() {
        assertThat(converter.convert("500ms")).isEqualTo(Duration.ofMillis(500));
        assertThat(converter.convert("40s")).isEqualTo(Duration.ofSeconds(40));
        assertThat(converter.convert("2m")).isEqualTo(Duration.ofMinutes(2));
        assertThat(converter.convert("1h")).isEqualTo(Duration.ofHours(1));
    }

    @Test
    void readsBackWhatDurationTextPrints() {
        for (Duration d : List.of(Duration.ofMillis(1500), Duration.ofSeconds(40), Duration.ofMinutes(2), Duration.ofHours(3))) {
            assertThat(converter.convert(DurationText.format(d))).isEqualTo(d);
        }
    }

    @Test
    void aWrongDurationIsAConversionErrorNamingIt() {
        assertThatThrownBy(() -> converter.convert("forty"))
                .isInstanceOf(TypeConversionException.class).hasMessageContaining("'forty' is not a duration");
    }
}
