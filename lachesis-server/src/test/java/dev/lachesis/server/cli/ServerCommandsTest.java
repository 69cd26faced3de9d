package dev.lachesis.server.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.core.cli.Environment;
import dev.lachesis.core.cli.LachesisCommand;
import dev.lachesis.core.loop.PluginRegistry;
import dev.lachesis.core.testing.FakeResolver;
import dev.lachesis.core.testing.ManualClock;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** With this module on the class path, {@code lachesis} has its commands, each with {@code --version}. */
class ServerCommandsTest {
    private final Environment environment = new Environment(PluginRegistry.load(), pid -> List.of(),
            FakeResolver::new, new ManualClock(Instant.parse("2026-01-01T00:00:00Z")));

    @Test
    void metricsStoreAndStatusArePluggedInAndPrintTheVersion() {
        CommandLine cli = LachesisCommand.commandLine(environment);
        assertThat(cli.getSubcommands()).containsKeys("metrics", "store", "status");

        for (String verb : List.of("metrics", "store", "status")) {
            StringWriter out = new StringWriter();
            CommandLine fresh = LachesisCommand.commandLine(environment);
            fresh.setOut(new PrintWriter(out));
            assertThat(fresh.execute(verb, "--version")).as(verb).isZero();
            assertThat(out.toString()).as(verb).startsWith("lachesis ").contains("Java ");
        }
    }
}
