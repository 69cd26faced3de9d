package dev.lachesis.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class SaturationCommandTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine commandLine = BenchCommand.commandLine();
        commandLine.setOut(new PrintWriter(out));
        commandLine.setErr(new PrintWriter(err));
        return commandLine.execute(args);
    }

    @Test
    void aSearchOutOfRangeIsAOneLineUsageErrorBeforeAnythingStarts() {
        assertThat(run("saturation", "--spe", "storm", "--factor", "1")).isEqualTo(CommandLine.ExitCode.USAGE);
        assertThat(err.toString()).startsWith("--factor was 1 but must be above 1" + System.lineSeparator());
        err.getBuffer().setLength(0);

        assertThat(run("saturation", "--spe", "flink", "--from", "500000")).isEqualTo(CommandLine.ExitCode.USAGE);
        assertThat(err.toString()).startsWith("--from was 500000 but must lie within --min 100 and --max 100000"
                + System.lineSeparator());
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void isListedBesideTheSweep() {
        run("--help");

        assertThat(out.toString()).contains("saturation", "Finds the input rate at which a query stops keeping up");
    }
}
