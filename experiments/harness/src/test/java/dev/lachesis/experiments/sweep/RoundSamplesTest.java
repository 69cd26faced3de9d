package dev.lachesis.experiments.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.experiments.run.RoundLog;
import java.util.List;
import org.junit.jupiter.api.Test;

class RoundSamplesTest {
    @Test
    void oneSamplePerRoundAndOperatorAveragingItsThreadsTheObserversWithoutPriorities() {
        RoundLog.Round observed = new RoundLog.Round(1_000, 4.0, List.of(
                new RoundLog.OperatorThread("heavy", 11, 300, 0.7, 0, "none"),
                new RoundLog.OperatorThread("heavy", 12, 100, 0.3, 0, "none"),
                new RoundLog.OperatorThread("source", 10, 50, 0.1, 0, "none")));
        RoundLog.Round acted = new RoundLog.Round(1_400, 5.0, List.of(
                new RoundLog.OperatorThread("heavy", 11, 280, 0.7, -20, "nice"),
                new RoundLog.OperatorThread("heavy", 12, 120, 0.3, -10, "nice"),
                new RoundLog.OperatorThread("heavy", 11, 280, 0.7, 1024, "cpu.shares")));

        assertThat(RoundSamples.of(List.of(observed), List.of(acted))).containsExactly(
                new TrialResult.RoundSample(1_000, RoundSamples.OBSERVER, "heavy", 200, Double.NaN, "none"),
                new TrialResult.RoundSample(1_000, RoundSamples.OBSERVER, "source", 50, Double.NaN, "none"),
                new TrialResult.RoundSample(1_400, RoundSamples.DAEMON, "heavy", 200, -15, "nice"));
    }
}
