package dev.lachesis.it.config;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.core.cli.Environment;
import dev.lachesis.core.cli.LachesisCommand;
import dev.lachesis.experiments.process.LachesisHome;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

/**
 * Every example policy file in {@code config/} passes {@code lachesis validate} with the real
 * drivers, policies, translators and metric sources on the class path, as a user copying one would
 * run it: plug-in names, settings, schedule forms and every metric a policy needs from each driver.
 */
class ExampleConfigsValidateTest {
    static Stream<Path> examples() throws IOException {
        Path dir = LachesisHome.root().resolve("config");
        List<Path> files;
        try (Stream<Path> listing = Files.list(dir)) {
            files = listing.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
        }
        assertThat(files).isNotEmpty();
        return files.stream();
    }

    @ParameterizedTest
    @MethodSource("examples")
    void validates(Path file) {
        CommandLine cli = LachesisCommand.commandLine(Environment.system());
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));

        int exit = cli.execute("validate", "--config", file.toString());

        assertThat(exit).as("validate %s: %s", file.getFileName(), err).isZero();
        assertThat(out.toString()).contains(file.getFileName() + " is valid");
    }
}
