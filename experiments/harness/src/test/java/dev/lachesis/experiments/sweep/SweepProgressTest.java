package dev.lachesis.experiments.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.experiments.measure.LatencyHistogram;
import dev.lachesis.experiments.mode.SchedulingMode;
import dev.lachesis.experiments.run.PhaseResult;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class SweepProgressTest {
    private final StringWriter text = new StringWriter();
    private final PrintWriter out = new PrintWriter(text);

    private static TrialResult measured(Trial trial, double endToEndGrowth) {
        return measured(trial, endToEndGrowth, Double.NaN);
    }

    private static TrialResult measured(Trial trial, double endToEndGrowth, double sourceHalfChange) {
        LatencyHistogram latency = new LatencyHistogram();
        LatencyHistogram endToEnd = new LatencyHistogram();
        for (int i = 0; i < 1960; i++) {
            latency.record(5_000);
            endToEnd.record(180_000);
        }
        return new TrialResult(trial, new PhaseResult("OS", 1, latency, endToEnd, OptionalLong.of(2010)),
                endToEndGrowth, sourceHalfChange, 0.7, Map.of(), Double.NaN, 0.93, Double.NaN, Double.NaN, 0, Double.NaN, List.of(), 0,
                List.of(), List.of());
    }

    @Test
    void aSweepCountsTrialsOfItsTotal() {
        SweepProgress progress = new SweepProgress(out, 4);
        Trial trial = new Trial(2000, SchedulingMode.OS, 1);

        progress.starting(trial);
        progress.finished(measured(trial, Double.NaN));

        assertThat(text.toString()).startsWith("[1/4] 2000 t/s, OS, rep 1")
                .contains("throughput 1960 t/s (source 2010 t/s)").contains("SPE 93% of a core").doesNotContain("ms/s");
    }

    @Test
    void aTrialWhoseSourceSlowedDownInTheWindowIsNotSteady() {
        SweepProgress progress = new SweepProgress(out, 4);
        Trial trial = new Trial(14000, SchedulingMode.OS, 1);

        progress.finished(measured(trial, 0.5, 0.05));
        progress.finished(measured(trial, 0.5, -0.31));

        assertThat(text.toString().lines()).hasSize(2);
        assertThat(text.toString().lines().findFirst().orElseThrow()).contains("(source 2010 t/s)");
        assertThat(text.toString()).contains("(source 2010 t/s, -31% in the second half: not steady)");
    }

    @Test
    void aSearchCountsTrialsWithoutATotalAndShowsHowFastTheLatencyGrew() {
        SweepProgress progress = new SweepProgress(out);
        Trial trial = new Trial(2500, SchedulingMode.OS, 1);

        progress.starting(trial);
        progress.finished(measured(trial, 0.03));

        assertThat(text.toString()).startsWith("[1] 2500 t/s, OS, rep 1").doesNotContain("left")
                .containsPattern("e2e p50 1\\d\\d\\.\\d ms \\(\\+30 ms/s\\)");
    }
}
