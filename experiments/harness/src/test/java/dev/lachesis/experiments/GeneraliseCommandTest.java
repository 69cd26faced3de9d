package dev.lachesis.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** What {@code lachesis-bench generalise} refuses before it starts anything. */
class GeneraliseCommandTest {
    private final BenchRun bench = new BenchRun();

    @Test
    void staticNeedsAnOsTrialBeforeItToMeasureTheHeaviestOperator() {
        int exit = bench.run("generalise", "--spe", "storm", "--shapes", "1", "--modes", "STATIC,OS", "--out", "/tmp/x");

        assertThat(exit).isEqualTo(CommandLine.ExitCode.USAGE);
        assertThat(bench.err()).startsWith("--modes STATIC needs OS before it: each shape's first OS trial measures the"
                + " heaviest operator STATIC favours");
    }

    @Test
    void shapesAreSeedsOrRangesOfThem() {
        int exit = bench.run("generalise", "--spe", "storm", "--shapes", "1,x-3", "--out", "/tmp/x");

        assertThat(exit).isEqualTo(CommandLine.ExitCode.USAGE);
        assertThat(bench.err()).startsWith("--shapes was '1,x-3' but must be seeds or FIRST-LAST ranges of them");
    }

    @Test
    void aRateBelowTheWorkBoundMayNotBeBeyondSaturation() {
        int exit = bench.run("generalise", "--spe", "storm", "--shapes", "1", "--rate-factor", "0.5", "--out", "/tmp/x");

        assertThat(exit).isEqualTo(CommandLine.ExitCode.USAGE);
        assertThat(bench.err()).startsWith("--rate-factor was 0.5 but must be at least 1");
    }
}
