package dev.lachesis.experiments.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class SlidingRegressionTest {
    @Test
    void predictsTheNextValueFromTheLineThroughTheLastWindowOfValues() {
        SlidingRegression regression = new SlidingRegression(3);

        assertThat(regression.add("s1/humidity", 1)).isNaN();
        assertThat(regression.add("s1/humidity", 2)).isNaN();
        // y = x + 1 through (0,1) (1,2) (2,3): 4 at x = 3
        assertThat(regression.add("s1/humidity", 3)).isCloseTo(4.0, within(1e-12));
        // (1,2) (2,3) (3,5): slope 3/2, intercept 1/3: 19/3 at x = 4
        assertThat(regression.add("s1/humidity", 5)).isCloseTo(19.0 / 3, within(1e-12));
        assertThat(regression.add("s2/humidity", 7)).as("another series starts afresh").isNaN();
    }

    @Test
    void refusesAWindowTooSmallForALine() {
        assertThatThrownBy(() -> new SlidingRegression(1)).hasMessageContaining("at least two values, got 1");
    }
}
