package dev.lachesis.experiments.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.experiments.run.RoundLog;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ScheduleSteadinessTest {
    /** A round in which {@code join}'s two threads got {@code join} and {@code parse} got {@code parse}, by {@code mechanism}. */
    private static RoundLog.Round round(long at, long join, long parse, String mechanism) {
        return new RoundLog.Round(at, 5.0, List.of(new RoundLog.OperatorThread("join", 11, 0, 1, join, mechanism),
                new RoundLog.OperatorThread("join", 12, 0, 1, join, mechanism),
                new RoundLog.OperatorThread("parse", 13, 0, 1, parse, mechanism),
                new RoundLog.OperatorThread("join", 11, 0, 1, 1024, "cpu.shares")));
    }

    @Test
    void countsTheRoundsInWhichTheMostFavouredOperatorMovedTenLevelsOrMore() {
        List<RoundLog.Round> rounds = new ArrayList<>();
        long[] join = {-20, 19, -20, -20, -11, -20, -20};
        for (int i = 0; i < join.length; i++) {
            rounds.add(round(1_000L * i, join[i], 0, "nice"));
        }

        // join is favoured most on average; it jumped -20 → 19 → -20, and -11 → -20 is 9 levels only
        assertThat(ScheduleSteadiness.topJumps(rounds)).isEqualTo(2);
    }

    @Test
    void underRealTimeTheMostFavouredOperatorHasTheHighestPriority() {
        List<RoundLog.Round> rounds = List.of(round(0, 10, 99, "rr"), round(1_000, 10, 1, "rr"),
                round(2_000, 10, 99, "rr"));

        assertThat(ScheduleSteadiness.topJumps(rounds)).isEqualTo(2);
    }

    @Test
    void aSteadyScheduleOrNoneHasNoJumps() {
        assertThat(ScheduleSteadiness.topJumps(List.of(round(0, -20, 0, "nice"), round(1_000, -15, 0, "nice"))))
                .isZero();
        assertThat(ScheduleSteadiness.topJumps(List.of())).isZero();
    }
}
