package dev.lachesis.translators.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.core.cli.Environment;
import dev.lachesis.core.cli.LachesisCommand;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class TranslatorCommandsTest {
    @Test
    void setAndRestoreAreSubcommandsOfLachesis() {
        CommandLine cli = LachesisCommand.commandLine(Environment.system());
        StringWriter out = new StringWriter();
        cli.setOut(new PrintWriter(out));

        int exit = cli.execute("restore", "--help");

        assertThat(cli.getSubcommands()).containsKeys("set", "restore");
        assertThat(exit).isZero();
        assertThat(out.toString()).contains("--journal");
    }
}
