package dev.lachesis.experiments.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.experiments.measure.LatencyHistogram;
import dev.lachesis.experiments.run.PhaseResult;
import dev.lachesis.experiments.run.SchedulingMode;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SweepProgressTest {
    private final StringWriter text = new StringWriter();
    private final PrintWriter out = new PrintWriter(text);

    private static TrialResult measured(Trial trial, double endToEndGrowth) {
        LatencyHistogram latency = new LatencyHistogram();
        LatencyHistogram endToEnd = new LatencyHistogram();
        for (int i = 0; i < 1960; i++) {
            latency.record(5_000);
            endToEnd.record(180_000);
        }
        return new TrialResult(trial, new PhaseResult("OS", 1, latency, endToEnd), endToEndGrowth, 0.7, Map.of(),
                Double.NaN, Double.NaN, Double.NaN, 0, Double.NaN, List.of());
    }

    @Test
    void aSweepCountsTrialsOfItsTotal() {
        SweepProgress progress = new SweepProgress(out, 4);
        Trial trial = new Trial(2000, SchedulingMode.OS, 1);

        progress.starting(trial);
        progress.finished(measured(trial, Double.NaN));

        assertThat(text.toString()).startsWith("[1/4] 2000 t/s, OS, rep 1").contains("throughput 1960 t/s")
                .doesNotContain("ms/s");
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
