package dev.lachesis.experiments.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class DurationConverterTest {
    private final DurationConverter converter = new DurationConverter();

    @Test
    void readsMillisecondsSecondsAndMinutes() {
        assertThat(converter.convert("500ms")).isEqualTo(Duration.ofMillis(500));
        assertThat(converter.convert("40s")).isEqualTo(Duration.ofSeconds(40));
        assertThat(converter.convert("2m")).isEqualTo(Duration.ofMinutes(2));
        assertThatThrownBy(() -> converter.convert("40")).isInstanceOf(CommandLine.TypeConversionException.class)
                .hasMessageContaining("'40'");
    }

    @Test
    void formatsWhatItReadsBack() {
        assertThat(DurationConverter.format(Duration.ofSeconds(40))).isEqualTo("40s");
        assertThat(DurationConverter.format(Duration.ofMinutes(2))).isEqualTo("120s");
        assertThat(DurationConverter.format(Duration.ofMillis(1500))).isEqualTo("1500ms");
        for (Duration d : new Duration[] {Duration.ofMillis(1), Duration.ofSeconds(15), Duration.ofMillis(61_001)}) {
            assertThat(converter.convert(DurationConverter.format(d))).isEqualTo(d);
        }
    }
}
