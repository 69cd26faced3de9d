package dev.lachesis.experiments.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code lachesis demo --mode}: a mode the second half cannot run is refused before anything starts. */
class DemoCommandTest {
    /** The demo's exit code and the first line it printed on stderr. */
    private static String[] demo(String... args) {
        StringWriter err = new StringWriter();
        int exit = new CommandLine(new DemoCommand()).setErr(new PrintWriter(err, true)).execute(args);
        return new String[] {Integer.toString(exit), err.toString().lines().findFirst().orElse("")};
    }

    @Test
    void theKernelAloneIsNotASecondHalf() {
        assertThat(demo("--mode", "OS")).containsExactly("2", "--mode was 'OS' but the second half needs a mode in "
                + "which Lachesis schedules the query (the first half is OS)");
    }

    @Test
    void anUnknownModeNamesTheModes() {
        assertThat(demo("--mode", "FASTEST")[1]).startsWith("'FASTEST' is not a mode; the modes are OS, ");
    }
}
