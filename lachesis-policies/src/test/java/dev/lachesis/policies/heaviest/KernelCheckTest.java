package dev.lachesis.policies.heaviest;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/**
 * The comparison with the kernel alone, fed one intake reading a second as the policy's rounds
 * would: the query takes in {@code scheduled} records a second while the schedule applies and
 * {@code kernel} while the threads are left to the kernel. Every 5 minutes, 40-s releases, 5% margin.
 */
class KernelCheckTest {
    private static final Instant START = Instant.parse("2026-12-02T08:00:00Z");

    private final KernelCheck check = new KernelCheck("test", Duration.ofMinutes(5), Duration.ofSeconds(40), 0.05);
    private final List<Boolean> applied = new ArrayList<>();
    private Instant now = START;
    private boolean schedule = true;

    /** Runs {@code seconds} rounds, one a second, the intake depending on what applied the round before. */
    private void run(int seconds, double scheduled, double kernel) {
        for (int i = 0; i < seconds; i++) {
            schedule = check.scheduleApplies(now, OptionalDouble.of(schedule ? scheduled : kernel));
            applied.add(schedule);
            now = now.plusSeconds(1);
        }
    }

    private int releasedRounds() {
        return (int) applied.stream().filter(a -> !a).count();
    }

    @Test
    void aScheduleThatHelpsIsReleasedOnlyBrieflyAndEverMoreRarely() {
        run(3600, 1300, 1000);

        // releases of 40 s after 5 minutes, then 10 and 20 minutes after the last one ended
        assertThat(releasedRounds()).isEqualTo(3 * 40);
        assertThat(applied.subList(0, 300)).containsOnly(true);
        assertThat(applied.subList(300, 340)).containsOnly(false);
        assertThat(applied.subList(340, 940)).containsOnly(true);
        assertThat(applied.subList(940, 980)).containsOnly(false);
        assertThat(applied.subList(980, 2180)).containsOnly(true);
        assertThat(applied.subList(2180, 2220)).containsOnly(false);
        assertThat(applied.subList(2220, 3600)).containsOnly(true);
    }

    @Test
    void aScheduleThatHarmsIsDroppedAfterLosingTwiceAndTriedAgainLater() {
        // released at 300 s: lost; again 80 s after that release ended, at 420 s: lost again
        run(461, 900, 1000);
        assertThat(schedule).isFalse();
        assertThat(check.comparing()).isFalse();

        run(300, 900, 1000);
        // the retry: 40 s with the schedule, which loses, so the kernel keeps the threads
        assertThat(applied.subList(applied.size() - 300, applied.size())).contains(true);
        run(60, 900, 1000);
        assertThat(schedule).isFalse();
    }

    @Test
    void aLossWithinTheMarginIsNoLoss() {
        run(3600, 980, 1000);

        assertThat(schedule).isTrue();
        assertThat(releasedRounds()).isEqualTo(3 * 40);
    }

    @Test
    void aDroppedScheduleComesBackOnceItBeatsTheKernelByTheMargin() {
        run(461, 900, 1000);
        assertThat(schedule).isFalse();

        run(400, 1200, 1000);

        assertThat(schedule).isTrue();
        assertThat(check.comparing()).isFalse();
    }

    @Test
    void withoutIntakeTheScheduleAlwaysApplies() {
        for (int i = 0; i < 1800; i++) {
            assertThat(check.scheduleApplies(now, OptionalDouble.empty())).isTrue();
            now = now.plusSeconds(1);
        }
    }

    @Test
    void belowSaturationBothTakeInTheWholeInputAndTheScheduleStays() {
        run(3600, 500, 500);

        assertThat(schedule).isTrue();
        assertThat(releasedRounds()).isEqualTo(3 * 40);
    }
}
