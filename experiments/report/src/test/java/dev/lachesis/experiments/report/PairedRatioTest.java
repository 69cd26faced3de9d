package dev.lachesis.experiments.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PairedRatioTest {
    /** OS at 12000 and 14000 t/s, repetitions 1–3 (and a fourth at 12000 only). */
    private static final Map<Double, Map<Integer, Double>> OS = Map.of(
            12000.0, Map.of(1, 10000.0, 2, 8000.0, 3, 10000.0, 4, 9000.0),
            14000.0, Map.of(1, 10000.0, 2, 10000.0, 3, 8000.0));
    /** STATIC, the same trials. */
    private static final Map<Double, Map<Integer, Double>> STATIC = Map.of(
            12000.0, Map.of(1, 12000.0, 2, 10000.0, 3, 11000.0, 4, 9900.0),
            14000.0, Map.of(1, 12500.0, 2, 11000.0, 3, 10000.0));

    @Test
    void averagesEachRepetitionsRatiosOverTheRatesThenGivesTheStudentTIntervalOverRepetitions() {
        // rep 1: (12000/10000 + 12500/10000) / 2 = (1.20 + 1.25) / 2 = 1.225
        // rep 2: (10000/8000 + 11000/10000) / 2 = (1.25 + 1.10) / 2 = 1.175
        // rep 3: (11000/10000 + 10000/8000) / 2 = (1.10 + 1.25) / 2 = 1.175
        // rep 4 has no 14000 t/s trial: left out.
        // mean 1.191667; s = sqrt((0.033333² + 0.016667² + 0.016667²) / 2) = 0.0288675;
        // t(0.975, 2 df) = 4.302653: half-width 4.302653 × 0.0288675 / √3 = 0.0717109
        Estimate ratio = PairedRatio.of(STATIC, OS, List.of(12000.0, 14000.0));

        assertThat(ratio.n()).isEqualTo(3);
        assertThat(ratio.mean()).isCloseTo(1.191667, within(1e-6));
        assertThat(ratio.halfWidth()).isCloseTo(0.0717109, within(1e-6));
        assertThat(ratio.low()).isCloseTo(1.119956, within(1e-6));
        // Not the ratio of the means over all trials: 66500/6 over 56000/6 = 1.1875.
        assertThat(ratio.mean()).isNotCloseTo(1.1875, within(1e-3));
    }

    @Test
    void oneRateUsesEveryRepetitionThatRanItThere() {
        // 1.20, 1.25, 1.10 and 9900/9000 = 1.10: mean 1.1625; s = sqrt((0.0375² + 0.0875² + 0.0625² × 2) / 3)
        // = 0.075; t(0.975, 3 df) = 3.182446: half-width 3.182446 × 0.075 / 2 = 0.1193417
        Estimate ratio = PairedRatio.of(STATIC, OS, List.of(12000.0));

        assertThat(ratio.n()).isEqualTo(4);
        assertThat(ratio.mean()).isCloseTo(1.1625, within(1e-9));
        assertThat(ratio.halfWidth()).isCloseTo(0.1193417, within(1e-6));
    }

    @Test
    void aRepetitionWithAnUnmeasuredValueOrAZeroReferenceIsLeftOut() {
        Map<Double, Map<Integer, Double>> os = Map.of(12000.0, Map.of(1, 10000.0, 2, 0.0, 3, 10000.0));
        Map<Double, Map<Integer, Double>> mode = Map.of(12000.0, Map.of(1, 5000.0, 2, 4000.0, 3, Double.NaN));

        Estimate ratio = PairedRatio.of(mode, os, List.of(12000.0));

        assertThat(ratio.n()).isEqualTo(1);
        assertThat(ratio.mean()).isEqualTo(0.5);
        assertThat(ratio.halfWidth()).isNaN();
        assertThat(PairedRatio.of(mode, os, List.of(14000.0)).n()).isZero();
        assertThat(PairedRatio.of(mode, os, List.of()).mean()).isNaN();
    }
}
