package dev.lachesis.experiments.etl;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SensorFieldsTest {
    @Test
    void aReadingIsValidWithinItsFieldsInclusiveRange() {
        SensorFields.Field temperature = SensorFields.named("temperature");

        assertThat(temperature.inRange(-40)).isTrue();
        assertThat(temperature.inRange(60)).isTrue();
        assertThat(temperature.inRange(60.01)).isFalse();
        assertThat(temperature.inRange(Double.NaN)).isFalse();
        assertThat(SensorFields.named("pressure")).isNull();
        assertThat(SensorFields.column("dust")).isEqualTo(3);
    }
}
