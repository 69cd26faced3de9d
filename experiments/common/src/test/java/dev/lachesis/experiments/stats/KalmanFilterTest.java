package dev.lachesis.experiments.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class KalmanFilterTest {
    @Test
    void startsAtTheFirstReadingAndMovesTowardEachNextByTheKalmanGain() {
        KalmanFilter filter = new KalmanFilter(1, 1);

        assertThat(filter.update("s1/light", 10)).isEqualTo(10.0);
        // prior error 1 + 1 = 2, gain 2/3: 10 + 2/3 · 10; error 2/3
        assertThat(filter.update("s1/light", 20)).isCloseTo(50.0 / 3, within(1e-12));
        // prior error 2/3 + 1 = 5/3, gain 5/8: 50/3 + 5/8 · 10/3 = 18.75
        assertThat(filter.update("s1/light", 20)).isCloseTo(18.75, within(1e-12));
        assertThat(filter.update("s2/light", 3)).as("another series starts afresh").isEqualTo(3.0);
    }

    @Test
    void usesRiotBenchsNoiseByDefault() {
        KalmanFilter filter = new KalmanFilter();
        filter.update("s1/dust", 10);

        // prior error 1.125, gain 1.125 / (1.125 + 0.32)
        assertThat(filter.update("s1/dust", 20)).isCloseTo(10 + 10 * 1.125 / 1.445, within(1e-12));
    }
}
