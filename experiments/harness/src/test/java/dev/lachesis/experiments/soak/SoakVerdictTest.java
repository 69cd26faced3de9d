package dev.lachesis.experiments.soak;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SoakVerdictTest {
    /** Ten minutes, one sample a second; the daemon uses 0.5% of a core throughout. */
    private static List<SoakSample> samples(java.util.function.DoubleUnaryOperator residentMibAt) {
        List<SoakSample> samples = new ArrayList<>();
        for (int s = 0; s <= 600; s++) {
            samples.add(new SoakSample(s, residentMibAt.applyAsDouble(s), 0.005 * s, 20, s / 300));
        }
        return samples;
    }

    @Test
    void aResidentSetThatGrowsDuringWarmUpOnlyIsFlat() {
        SoakVerdict verdict = SoakVerdict.of(samples(s -> s < 120 ? 40 + s / 10.0 : 52 + (s % 2)), 120);

        assertThat(verdict.residentMinMib()).isEqualTo(52);
        assertThat(verdict.residentMaxMib()).isEqualTo(53);
        assertThat(verdict.flat()).isTrue();
        assertThat(verdict.cpuShare()).isCloseTo(0.005, within(1e-9));
        assertThat(verdict.cpuSharePerMinute()).hasSize(10).allSatisfy(c -> assertThat(c).isCloseTo(0.005, within(1e-9)));
        assertThat(verdict.line()).contains("52.0–53.0 MiB (spread 1.9%, flat within 10%");
    }

    @Test
    void aResidentSetThatKeepsGrowingAfterWarmUpIsNotFlat() {
        SoakVerdict verdict = SoakVerdict.of(samples(s -> 50 + s / 60.0), 120);

        assertThat(verdict.flat()).isFalse();
        assertThat(verdict.lastMinuteMib()).isGreaterThan(verdict.firstMinuteMib());
        assertThat(verdict.line()).contains("NOT flat within 10%");
    }

    @Test
    void aRunNoLongerThanItsWarmUpHasNoVerdict() {
        assertThatThrownBy(() -> SoakVerdict.of(samples(s -> 50), 900))
                .hasMessage("no samples after the 900.0-s warm-up; run longer");
    }
}
