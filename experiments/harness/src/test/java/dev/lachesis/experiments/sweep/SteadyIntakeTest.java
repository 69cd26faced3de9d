package dev.lachesis.experiments.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SteadyIntakeTest {
    @Test
    void anIntakeThatStillClimbsIsNotSettled() {
        // a random shape on Storm, its second bottleneck's queue filling: 1,900 then 2,200 records/s
        assertThat(SteadyIntake.stillChanging(1900, 2200)).isTrue();
        assertThat(SteadyIntake.stillChanging(2200, 1900)).isTrue();
    }

    @Test
    void anIntakeWithinFivePercentHasSettled() {
        assertThat(SteadyIntake.stillChanging(2600, 2700)).isFalse();
        assertThat(SteadyIntake.stillChanging(2700, 2600)).isFalse();
    }

    @Test
    void nothingToWaitForWhenEitherStretchIsUnknownOrTheFirstTookNothingIn() {
        assertThat(SteadyIntake.stillChanging(Double.NaN, 2000)).isFalse();
        assertThat(SteadyIntake.stillChanging(2000, Double.NaN)).isFalse();
        assertThat(SteadyIntake.stillChanging(0, 2000)).isFalse();
    }
}
