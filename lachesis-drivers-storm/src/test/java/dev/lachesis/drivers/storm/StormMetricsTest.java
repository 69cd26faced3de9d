package dev.lachesis.drivers.storm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class StormMetricsTest {
    @Test
    void aRunningTotalBecomesARateOverItsPresentPoints() {
        assertThat(StormMetrics.rateOfTotal(StormFixtures.series("c", 100, 10, Double.NaN, 30, 50, Double.NaN)))
                .isEqualTo(OptionalDouble.of(40.0 / 3));
    }

    @Test
    void aTotalThatWentBackwardsOrHasOnePointHasNoRate() {
        assertThat(StormMetrics.rateOfTotal(StormFixtures.series("c", 100, 500, 600, 5))).isEmpty();
        assertThat(StormMetrics.rateOfTotal(StormFixtures.series("c", 100, Double.NaN, 7, Double.NaN))).isEmpty();
    }

    @Test
    void aGaugeIsItsNewestValue() {
        assertThat(StormMetrics.latest(StormFixtures.series("g", 100, 1, 2, Double.NaN)))
                .isEqualTo(OptionalDouble.of(2));
        assertThat(StormMetrics.latest(StormFixtures.series("g", 100, Double.NaN))).isEmpty();
    }
}
