package dev.lachesis.experiments.etl;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class InterpolatorTest {
    private final Interpolator interpolator = new Interpolator();

    @Test
    void fillsAGapOnTheLineThroughTheLastTwoReadingsOfThatSensorAndField() {
        assertThat(interpolator.fill("s1", "temperature", 1_000, 10.0)).isEqualTo(10.0);
        assertThat(interpolator.fill("s1", "temperature", 2_000, 12.0)).isEqualTo(12.0);
        assertThat(interpolator.fill("s2", "temperature", 2_000, 30.0)).isEqualTo(30.0);

        assertThat(interpolator.fill("s1", "temperature", 3_000, Double.NaN)).isEqualTo(14.0);
        assertThat(interpolator.fill("s1", "temperature", 4_000, Double.NaN)).isEqualTo(16.0);
        assertThat(interpolator.fill("s2", "temperature", 3_000, Double.NaN)).as("one reading: repeated").isEqualTo(30.0);
        assertThat(interpolator.fill("s1", "humidity", 3_000, Double.NaN)).as("no reading yet").isNaN();
    }

    @Test
    void keepsAnEstimateWithinTheFieldsRange() {
        interpolator.fill("s1", "humidity", 1_000, 80.0);
        interpolator.fill("s1", "humidity", 2_000, 95.0);

        assertThat(interpolator.fill("s1", "humidity", 3_000, Double.NaN)).isEqualTo(100.0);
    }
}
