package dev.lachesis.experiments.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SteadyIntakeTest {
    @Test
    void anIntakeThatStillClimbsOrFallsIsNotSettled() {
        // a random shape on Storm, its second bottleneck's queue filling: 1,900 then 2,200 records/s
        assertThat(SteadyIntake.stillChanging(1700, 1900, 2200)).isTrue();
        assertThat(SteadyIntake.stillChanging(1500, 1300, 600)).isTrue();
    }

    @Test
    void aStartUpBurstThatMakesTheClimbLookFlatIsCaughtByTheStretchBefore() {
        // random-101 under the kernel alone: a burst at start averaged into the first stretch
        assertThat(SteadyIntake.stillChanging(800, 1100, 1150)).isTrue();
    }

    @Test
    void threeStretchesWithinTheTolerancesHaveSettled() {
        assertThat(SteadyIntake.stillChanging(2500, 2600, 2700)).isFalse();
        assertThat(SteadyIntake.stillChanging(620, 600, 580)).isFalse();
    }

    @Test
    void aStretchNotYetMeasuredMeansWaitingAndOneThatTookInNothingMeansNothingToWaitFor() {
        assertThat(SteadyIntake.stillChanging(Double.NaN, 2000, 2000)).isTrue();
        assertThat(SteadyIntake.stillChanging(2000, 2000, Double.NaN)).isTrue();
        assertThat(SteadyIntake.stillChanging(2000, 0, 2000)).isFalse();
    }
}
