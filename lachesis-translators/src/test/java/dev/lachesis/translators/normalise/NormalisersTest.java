package dev.lachesis.translators.normalise;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class NormalisersTest {
    private static final IntRange NICE = new IntRange(19, -20);
    private static final IntRange RT = new IntRange(1, 99);
    private static final double NAN = Double.NaN;
    private static final double INF = Double.POSITIVE_INFINITY;

    private final Normaliser linear = new LinearNormaliser();
    private final Normaliser log = new LogNormaliser();
    private final Normaliser nice = new NiceRatioNormaliser();

    @Test
    void linearMapsMinToLowestAndMaxToHighestEitherDirection() {
        assertThat(linear.normalise(new double[] {0, 50, 100}, RT)).containsExactly(1, 50, 99);
        assertThat(linear.normalise(new double[] {0, 50, 100}, NICE)).containsExactly(19, 0, -20);
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
    void niceRatioSqueezesASpreadTooWideForTheRange() {
        // 1e-12..1: 124 levels of 1.25 needed, 40 available: min-max on logs instead.
        assertThat(nice.normalise(new double[] {1e-12, 1e-6, 1}, NICE)).containsExactly(19, 0, -20);
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
        assertThat(Normalisers.names()).containsExactly("linear", "log", "nice-ratio");
        assertThat(Normalisers.byName("log")).containsInstanceOf(LogNormaliser.class);
        assertThat(Normalisers.byName("cubic")).isEmpty();
    }
}
