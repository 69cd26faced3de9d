package dev.lachesis.translators.normalise;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class NormalisersTest {
    private static final IntRange NICE = new IntRange(19, -20);
    private static final IntRange RT = new IntRange(1, 99);
    private static final double NAN = Double.NaN;
    private static final double INF = Double.POSITIVE_INFINITY;

    private final Normaliser linear = new LinearNormaliser();
    private final Normaliser log = new LogNormaliser();
    private final Normaliser nice = new NiceRatioNormaliser();
    private final Normaliser proportional = new ProportionalNormaliser();

    @Test
    void linearMapsMinToLowestAndMaxToHighestEitherDirection() {
        assertThat(linear.normalise(new double[] {0, 50, 100}, RT)).containsExactly(1, 50, 99);
        // 50 is 19.5 of the 39 nice steps above 19: halfway, so the more important -1, not 0
        assertThat(linear.normalise(new double[] {0, 50, 100}, NICE)).containsExactly(19, -1, -20);
        assertThat(linear.normalise(new double[] {-10, -5, 0}, new IntRange(10, 1024))).containsExactly(10, 517, 1024);
    }

    @Test
    void equalPrioritiesAndASingleThreadGetTheHighestValue() {
        for (Normaliser n : new Normaliser[] {linear, log, nice}) {
            assertThat(n.normalise(new double[] {7, 7, 7}, NICE)).as(n.name()).containsExactly(-20, -20, -20);
            assertThat(n.normalise(new double[] {3}, RT)).as(n.name()).containsExactly(99);
            assertThat(n.normalise(new double[] {}, RT)).as(n.name()).isEmpty();
        }
    }

    @Test
    void nanAndMinusInfinityAreLowestPlusInfinityHighest() {
        assertThat(linear.normalise(new double[] {NAN, -INF, INF, 1, 4}, RT)).containsExactly(1, 1, 99, 1, 99);
        assertThat(log.normalise(new double[] {NAN, -INF, INF, 1, 4}, RT)).containsExactly(1, 1, 99, 2, 99);
        // 4 is 1.25^6.2 times 1: six levels apart
        assertThat(nice.normalise(new double[] {NAN, -INF, INF, 1, 4}, RT)).containsExactly(1, 1, 99, 93, 99);
    }

    @Test
    void logNormaliserSpacesPowersEvenly() {
        assertThat(log.normalise(new double[] {1, 10, 100, 1000}, new IntRange(0, 30))).containsExactly(0, 10, 20, 30);
    }

    @Test
    void logNormalisersKeepTheLowestValueForZerosAndNegatives() {
        assertThat(log.normalise(new double[] {0, -3, 1, 10, 100}, new IntRange(0, 20)))
                .containsExactly(0, 0, 1, 11, 20);
        assertThat(nice.normalise(new double[] {0, 1, 1.25}, NICE)).containsExactly(19, -19, -20);
        assertThat(log.normalise(new double[] {0, 0}, RT)).containsExactly(1, 1);
    }

    @Test
    void niceRatioGivesOneLevelPerFactorOfOnePointTwoFive() {
        double p = 1000;
        assertThat(nice.normalise(new double[] {p, p / 1.25, p / (1.25 * 1.25), p / Math.pow(1.25, 10)}, NICE))
                .containsExactly(-20, -19, -18, -10);
    }

    @Test
    void halfwayRoundsTowardTheMoreImportantValueWhicheverWayTheRangeRuns() {
        // 1 is halfway between 0 and 2 in both ranges: one step of two from the lowest, rounded up
        assertThat(linear.normalise(new double[] {0, 1, 2}, new IntRange(19, 16))).containsExactly(19, 17, 16);
        assertThat(linear.normalise(new double[] {0, 1, 2}, new IntRange(16, 19))).containsExactly(16, 18, 19);
        // nice-ratio counts levels below the top: 2.5 levels round to 2, not 3
        assertThat(NICE.stepsBelowHighest(2.5)).isEqualTo(-18);
        assertThat(RT.stepsBelowHighest(2.5)).isEqualTo(97);
        assertThat(NICE.stepsBelowHighest(2.51)).isEqualTo(-17);
        assertThat(NICE.stepsBelowHighest(60)).isEqualTo(19);
    }

    @Test
    void proportionalKeepsTheRatiosOfThePriorities() {
        assertThat(proportional.normalise(new double[] {8, 2, 0.5}, new IntRange(10, 1024))).containsExactly(1024, 256, 64);
        // 1024 / 1000 rounds to 1, raised to the lowest weight 10
        assertThat(proportional.normalise(new double[] {1000, 1}, new IntRange(10, 1024))).containsExactly(1024, 10);
        assertThat(proportional.normalise(new double[] {3, 3}, new IntRange(1, 100))).containsExactly(100, 100);
    }

    @Test
    void proportionalGivesTheLowestToZerosNaNAndNegativesAndRefusesALevelRange() {
        assertThat(proportional.normalise(new double[] {NAN, -INF, 0, -2, 4, 1}, new IntRange(2, 100)))
                .containsExactly(2, 2, 2, 2, 100, 25);
        assertThat(proportional.normalise(new double[] {INF, 5}, new IntRange(2, 100))).containsExactly(100, 2);
        assertThat(proportional.normalise(new double[] {0, 0}, new IntRange(2, 100))).containsExactly(2, 2);
        assertThatThrownBy(() -> proportional.normalise(new double[] {1}, NICE))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ascending positive weights");
    }

    @Test
    void niceRatioSqueezesASpreadTooWideForTheRange() {
        // 1e-12..1: 124 levels of 1.25 needed, 40 available: min-max on logs instead; 1e-6 is
        // halfway (19.5 of 39 steps), so the more important -1
        assertThat(nice.normalise(new double[] {1e-12, 1e-6, 1}, NICE)).containsExactly(19, -1, -20);
    }

    @Test
    void niceRatioRespectsAConfiguredLowestNice() {
        // spread of 10 levels does not fit in [-20, -15]
        assertThat(nice.normalise(new double[] {1, Math.pow(1.25, 10)}, new IntRange(-15, -20))).containsExactly(-15, -20);
    }

    @Test
    void smootherBlendsWithThePastForgetsAbsentThreadsAndKeepsValueOnNaN() {
        ExponentialSmoother<String> s = new ExponentialSmoother<>(0.5);
        assertThat(s.smooth(java.util.List.of("a", "b"), new double[] {10, 4})).containsExactly(10, 4);
        assertThat(s.smooth(java.util.List.of("a", "b"), new double[] {20, NAN})).containsExactly(15, 4);
        assertThat(s.smooth(java.util.List.of("a"), new double[] {INF})).containsExactly(INF);
        assertThat(s.smooth(java.util.List.of("a", "b"), new double[] {2, 8})).containsExactly(2, 8);
    }

    @Test
    void smoothingWeightZeroIsOff() {
        ExponentialSmoother<String> s = new ExponentialSmoother<>(0);
        s.smooth(java.util.List.of("a"), new double[] {10});
        assertThat(s.smooth(java.util.List.of("a"), new double[] {2})).containsExactly(2);
    }

    @Test
    void namesAreTheConfigurationNames() {
        assertThat(Normalisers.names()).containsExactly("linear", "log", "nice-ratio", "proportional");
        assertThat(Normalisers.forLevels()).containsExactly("linear", "log", "nice-ratio");
        assertThat(Normalisers.forWeights()).containsExactly("proportional", "linear", "log");
        assertThat(Normalisers.byName("log")).containsInstanceOf(LogNormaliser.class);
        assertThat(Normalisers.byName("cubic")).isEmpty();
    }
}
