package dev.lachesis.experiments.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class EstimateTest {
    @Test
    void threeRepetitionsGiveMeanAndStudentTInterval() {
        // mean 12, s = 2, t(0.975, 2 df) = 4.3027 (table value): 4.3027 * 2 / sqrt(3) = 4.9683
        Estimate estimate = Estimate.of(10, 12, 14);

        assertThat(estimate.mean()).isEqualTo(12.0);
        assertThat(estimate.halfWidth()).isCloseTo(4.9683, within(1e-4));
        assertThat(estimate.n()).isEqualTo(3);
        assertThat(estimate.low()).isCloseTo(7.0317, within(1e-4));
        assertThat(estimate.high()).isCloseTo(16.9683, within(1e-4));
    }

    @Test
    void fiveRepetitions() {
        // mean 3, s = sqrt(2.5) = 1.5811, t(0.975, 4 df) = 2.7764: 2.7764 * 1.5811 / sqrt(5) = 1.9632
        Estimate estimate = Estimate.of(1, 2, 3, 4, 5);

        assertThat(estimate.mean()).isEqualTo(3.0);
        assertThat(estimate.halfWidth()).isCloseTo(1.9632, within(1e-4));
    }

    @Test
    void unmeasuredRepetitionsAreLeftOutAndNotCounted() {
        // 10 and 14: mean 12, s = 2.8284, t(0.975, 1 df) = 12.7062: 12.7062 * 2.8284 / sqrt(2) = 25.4124
        Estimate estimate = Estimate.of(10, Double.NaN, 14);

        assertThat(estimate.mean()).isEqualTo(12.0);
        assertThat(estimate.n()).isEqualTo(2);
        assertThat(estimate.halfWidth()).isCloseTo(25.4124, within(1e-4));
    }

    @Test
    void oneRepetitionHasAMeanButNoInterval() {
        Estimate estimate = Estimate.of(7.5);

        assertThat(estimate.mean()).isEqualTo(7.5);
        assertThat(estimate.halfWidth()).isNaN();
    }

    @Test
    void noMeasuredRepetitionHasNoMean() {
        Estimate estimate = Estimate.of(Double.NaN, Double.NaN);

        assertThat(estimate.mean()).isNaN();
        assertThat(estimate.n()).isZero();
    }

    @Test
    void equalRepetitionsHaveAZeroWideInterval() {
        assertThat(Estimate.of(5, 5, 5).halfWidth()).isZero();
    }
}
