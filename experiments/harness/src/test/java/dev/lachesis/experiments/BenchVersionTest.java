package dev.lachesis.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code lachesis-bench} and each of its commands print the version with {@code --version}. */
class BenchVersionTest {
    @Test
    void everyCommandPrintsTheVersion() {
        List<String> commands = List.copyOf(BenchCommand.commandLine().getSubcommands().keySet());
        assertThat(commands).contains("query", "saturation", "sweep", "generalise", "report", "soak");

        for (String command : commands) {
            BenchRun bench = new BenchRun();
            assertThat(bench.run(command, "--version")).as(command).isZero();
            assertThat(bench.out()).as(command).startsWith("lachesis ");
        }
        BenchRun top = new BenchRun();
        assertThat(top.run("--version")).isZero();
        assertThat(top.out()).startsWith("lachesis ");
    }
}
