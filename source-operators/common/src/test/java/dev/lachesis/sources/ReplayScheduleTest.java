package dev.lachesis.sources;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ReplayScheduleTest {
    @Test
    void recordsAreDueOnePeriodApartFromTheStart() {
        ReplaySchedule schedule = new ReplaySchedule(4, 1_000);

        assertThat(schedule.dueNanos(0)).isEqualTo(1_000);
        assertThat(schedule.dueNanos(1)).isEqualTo(250_001_000);
        assertThat(schedule.dueNanos(8)).isEqualTo(2_000_001_000L);
    }

    @Test
    void dueCountIncludesTheRecordDueExactlyNow() {
        ReplaySchedule schedule = new ReplaySchedule(4, 0);

        assertThat(schedule.dueCount(-1)).isZero();
        assertThat(schedule.dueCount(0)).isEqualTo(1);
        assertThat(schedule.dueCount(249_999_999)).isEqualTo(1);
        assertThat(schedule.dueCount(250_000_000)).isEqualTo(2);
        assertThat(schedule.dueCount(10_000_000_000L)).isEqualTo(41);
    }

    @Test
    void dueCountAgreesWithDueTimesAtAwkwardRates() {
        ReplaySchedule schedule = new ReplaySchedule(3, 7);
        for (long n = 0; n < 1_000; n++) {
            long due = schedule.dueNanos(n);
            assertThat(schedule.dueCount(due)).as("record %d", n).isEqualTo(n + 1);
            assertThat(schedule.dueCount(due - 1)).as("just before record %d", n).isEqualTo(n);
        }
    }

    @Test
    void withoutARateEverythingIsDueAtOnce() {
        ReplaySchedule schedule = new ReplaySchedule(0, 5);

        assertThat(schedule.paced()).isFalse();
        assertThat(schedule.dueNanos(1_000)).isEqualTo(5);
        assertThat(schedule.dueCount(5)).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void rejectsANegativeRateNamingIt() {
        assertThatThrownBy(() -> new ReplaySchedule(-1, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("rate was -1.0 records/s but must be a finite number >= 0");
    }
}
