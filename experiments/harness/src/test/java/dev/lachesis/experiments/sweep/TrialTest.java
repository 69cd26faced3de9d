package dev.lachesis.experiments.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.experiments.mode.SchedulingMode;
import java.util.List;
import org.junit.jupiter.api.Test;

class TrialTest {
    @Test
    void aPlanGoesThroughEveryRateAndModeOnceARepetitionNumberedFromTheFirstOneAsked() {
        List<Trial> plan = Trial.plan(List.of(8000.0, 14000.0), List.of(SchedulingMode.OS, SchedulingMode.STATIC), 2, 4);

        assertThat(plan).containsExactly(
                new Trial(8000, SchedulingMode.OS, 4), new Trial(8000, SchedulingMode.STATIC, 4),
                new Trial(14000, SchedulingMode.OS, 4), new Trial(14000, SchedulingMode.STATIC, 4),
                new Trial(8000, SchedulingMode.OS, 5), new Trial(8000, SchedulingMode.STATIC, 5),
                new Trial(14000, SchedulingMode.OS, 5), new Trial(14000, SchedulingMode.STATIC, 5));
        assertThat(Trial.plan(List.of(8000.0), List.of(SchedulingMode.OS), 2)).extracting(Trial::rep).containsExactly(1, 2);
    }
}
