package dev.lachesis.experiments.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SweepRatesTest {
    @Test
    void ratesAroundSaturationRoundedToAReadableStep() {
        assertThat(SweepRates.around(22_000)).containsExactly(15_000L, 19_000L, 22_000L, 25_000L, 29_000L);
        assertThat(SweepRates.around(10_700)).containsExactly(7_500L, 9_000L, 10_500L, 12_500L, 14_000L);
        assertThat(SweepRates.asOption(SweepRates.around(22_000))).isEqualTo("15000,19000,22000,25000,29000");
    }

    @Test
    void stepIsFivePercentRoundedDownToOneTwoOrFive() {
        assertThat(SweepRates.step(22_000)).isEqualTo(1_000);
        assertThat(SweepRates.step(10_700)).isEqualTo(500);
        assertThat(SweepRates.step(5_000)).isEqualTo(200);
        assertThat(SweepRates.step(10)).isEqualTo(1);
    }

    @Test
    void tinyRatesStayPositiveAndDistinct() {
        assertThat(SweepRates.around(2)).containsExactly(1L, 2L, 3L);
    }
}
