package dev.lachesis.experiments.shapes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class FixedRateScheduleTest {
    @Test
    void recordNIsDueNOverTheRateSecondsAfterTheStart() {
        FixedRateSchedule schedule = new FixedRateSchedule(1_000_000, 4000);

        assertThat(schedule.dueAtMicros(0)).isEqualTo(1_000_000);
        assertThat(schedule.dueAtMicros(1)).isEqualTo(1_000_250);
        assertThat(schedule.dueAtMicros(4000)).isEqualTo(2_000_000);
        assertThat(schedule.dueAtMicros(3L * 3600 * 4000)).isEqualTo(1_000_000 + 3L * 3600 * 1_000_000);
    }

    @Test
    void theRecordsDueByATimeAreThoseWhoseTimeHasCome() {
        FixedRateSchedule schedule = new FixedRateSchedule(1_000_000, 4000);

        assertThat(schedule.dueBy(999_999)).isZero();
        assertThat(schedule.dueBy(1_000_000)).isEqualTo(1);
        assertThat(schedule.dueBy(1_000_249)).isEqualTo(1);
        assertThat(schedule.dueBy(1_000_250)).isEqualTo(2);
        assertThat(schedule.dueBy(2_000_000)).isEqualTo(4001);
    }

    @Test
    void aRateMustBePositive() {
        assertThatThrownBy(() -> new FixedRateSchedule(0, 0)).hasMessage("the rate must be positive and finite, got 0.0");
        assertThatThrownBy(() -> new FixedRateSchedule(0, Double.NaN)).hasMessage("the rate must be positive and finite, got NaN");
    }
}
