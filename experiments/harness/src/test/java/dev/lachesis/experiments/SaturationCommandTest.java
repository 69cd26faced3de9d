package dev.lachesis.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class SaturationCommandTest {
    private BenchRun bench = new BenchRun();

    @Test
    void aSearchOutOfRangeIsAOneLineUsageErrorBeforeAnythingStarts() {
        assertThat(bench.run("saturation", "--spe", "storm", "--factor", "1")).isEqualTo(CommandLine.ExitCode.USAGE);
        assertThat(bench.err()).startsWith("--factor was 1 but must be above 1" + System.lineSeparator());
        bench = new BenchRun();

        assertThat(bench.run("saturation", "--spe", "flink", "--from", "500000")).isEqualTo(CommandLine.ExitCode.USAGE);
        assertThat(bench.err()).startsWith("--from was 500000 but must lie within --min 100 and --max 100000"
                + System.lineSeparator());
        assertThat(bench.out()).isEmpty();
    }

    @Test
    void isListedBesideTheSweep() {
        bench.run("--help");

        assertThat(bench.out()).contains("saturation", "Finds the input rate at which a query stops keeping up");
    }
}
