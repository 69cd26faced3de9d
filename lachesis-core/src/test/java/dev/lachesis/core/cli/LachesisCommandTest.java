package dev.lachesis.core.cli;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.lachesis.core.model.JvmThread;
import dev.lachesis.core.model.ThreadRef;
import dev.lachesis.core.spi.DriverException;
import dev.lachesis.core.testing.FakePlugins;
import dev.lachesis.core.testing.FakeResolver;
import dev.lachesis.core.testing.FakeTranslatorFactories;
import dev.lachesis.core.testing.ManualClock;
import dev.lachesis.core.testing.RecordingTranslator;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;

class LachesisCommandTest {
    private static final String VALID = """
            spes:
              - name: storm
                driver: fake-spe
            metrics:
              source: fake-source
            policies:
              - name: order
                policy: fake-order
                translator: fake-nice
            logging:
              level: warn
            """;

    @TempDir
    Path dir;

    private final Environment environment = new Environment(FakePlugins.registry(), pid -> {
        if (pid != 4242) {
            throw new DriverException("cannot attach to JVM " + pid + ": no such process");
        }
        return List.of(new JvmThread(new ThreadRef(4242, 4243), "main"),
                new JvmThread(new ThreadRef(4242, 4250), "Thread-3-split-executor[5, 5]"));
    }, FakeResolver::new, new ManualClock(Instant.parse("2026-01-01T00:00:00Z")));

    private record Result(int exitCode, String out, String err) {
    }

    @BeforeEach
    void forgetTranslators() {
        FakeTranslatorFactories.CREATED.clear();
    }

    private Result run(String... args) {
        CommandLine cli = LachesisCommand.commandLine(environment);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        int exitCode = cli.execute(args);
        return new Result(exitCode, out.toString(), err.toString());
    }

    @Test
    void everyVerbPrintsTheVersion() {
        CommandLine cli = LachesisCommand.commandLine(environment);
        List<String> verbs = List.copyOf(cli.getSubcommands().keySet());
        assertThat(verbs).contains("run", "once", "threads", "validate");

        for (String verb : verbs) {
            Result result = run(verb, "--version");
            assertThat(result.exitCode()).as(verb).isZero();
            assertThat(result.out()).as(verb).startsWith("lachesis ").contains("Java ");
        }
        assertThat(run("--version").out()).startsWith("lachesis ");
    }

    private String file(String yaml) throws IOException {
        return Files.writeString(dir.resolve("lachesis.yaml"), yaml).toString();
    }

    @Test
    void helpListsEverySubcommand() {
        Result result = run("--help");

        assertThat(result.exitCode()).isZero();
        assertThat(result.out()).containsPattern("(?m)^  run ").containsPattern("(?m)^  once ")
                .containsPattern("(?m)^  threads ").containsPattern("(?m)^  validate ");
    }

    @Test
    void everySubcommandHasItsOwnHelp() {
        for (String command : List.of("run", "once", "threads", "validate")) {
            Result result = run(command, "--help");

            assertThat(result.exitCode()).isZero();
            assertThat(result.out()).contains("Usage: lachesis " + command);
        }
    }

    @Test
    void withoutASubcommandPrintsUsageAndExits2() {
        Result result = run();

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).startsWith("Schedules the threads").contains("Usage: lachesis");
    }

    @Test
    void anUnknownOptionIsAUsageError() {
        assertThat(run("validate", "--config", "x.yaml", "--colour").exitCode()).isEqualTo(2);
    }

    @Test
    void validateAcceptsAValidFile() throws IOException {
        Result result = run("validate", "--config", file(VALID));

        assertThat(result.exitCode()).isZero();
        assertThat(result.out()).isEqualTo("lachesis.yaml is valid: 1 SPE instance(s), policies [order]\n");
        assertThat(result.err()).isEmpty();
    }

    @Test
    void validateOnABrokenFilePrintsOneLineNamingKeyAndLineAndExits2() throws IOException {
        Result result = run("validate", "--config", file(VALID.replace("    translator: fake-nice",
                "    translator: fake-nice\n    period: 0s")));

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).isEqualTo("policies[0].period (lachesis.yaml:10) was '0s' but must be at least 10ms\n");
        assertThat(result.out()).isEmpty();
    }

    @Test
    void aMissingFileIsAConfigError() {
        Result result = run("validate", "--config", dir.resolve("absent.yaml").toString());

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).isEqualTo(dir.resolve("absent.yaml") + " does not exist\n");
    }

    @Test
    void theLogLevelOptionWinsOverTheFilesLevelAndWorksAfterASubcommand() throws IOException {
        Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        Level before = root.getLevel();
        try {
            assertThat(run("once", "--dry-run", "--config", file(VALID)).exitCode()).isZero();
            assertThat(root.getLevel()).as("the file's logging.level").isEqualTo(Level.WARN);

            assertThat(run("once", "--dry-run", "--log-level", "ERROR", "--config", file(VALID)).exitCode()).isZero();
            assertThat(root.getLevel()).isEqualTo(Level.ERROR);

            assertThat(run("--log-level", "debug", "validate", "--config", file(VALID)).exitCode()).isZero();
            assertThat(root.getLevel()).isEqualTo(Level.DEBUG);
        } finally {
            root.setLevel(before);
        }
    }

    @Test
    void onceDryRunPrintsEveryThreadAsJsonAndTouchesNoThread() throws IOException {
        Result result = run("once", "--config", file(VALID), "--dry-run", "--format", "json");

        assertThat(result.exitCode()).as(result.err()).isZero();
        JsonNode threads = JsonMapper.builder().build().readTree(result.out());
        assertThat(threads.isArray()).isTrue();
        assertThat(threads).extracting(t -> t.get("tid").asInt()).containsExactly(4999, 5000, 5001, 6000);
        JsonNode split1 = threads.get(2);
        assertThat(split1.get("spe").asText()).isEqualTo("storm");
        assertThat(split1.get("pid").asInt()).isEqualTo(4242);
        assertThat(split1.get("thread").asText()).isEqualTo("fake-executor[split 1]");
        assertThat(split1.get("query").asText()).isEqualTo("q");
        assertThat(split1.get("operator").asText()).isEqualTo("split-1");
        assertThat(split1.get("queryName").asText()).isEqualTo("query");
        assertThat(split1.get("operatorName").asText()).isEqualTo("Split words");
        assertThat(split1.get("instance").asInt()).isEqualTo(1);
        assertThat(split1.get("kind").asText()).isEqualTo("main");
        assertThat(split1.get("policy").asText()).isEqualTo("order");
        assertThat(split1.get("metrics").get("input-queue-size").asDouble()).isEqualTo(20.0);
        assertThat(split1.get("priority").asDouble()).isEqualTo(20.0);
        assertThat(split1.get("value").asLong()).isEqualTo(-20);
        JsonNode sender = threads.get(3);
        assertThat(sender.get("kind").asText()).isEqualTo("sender");
        assertThat(sender.get("operator").isNull()).isTrue();
        assertThat(sender.get("operatorName").isNull()).isTrue();
        assertThat(sender.get("instance").isNull()).isTrue();
        assertThat(FakeTranslatorFactories.CREATED).singleElement()
                .satisfies(t -> assertThat(t.history()).as("applied plans").isEmpty());
    }

    @Test
    void onceAppliesAndLeavesTheSettingsInPlace() throws IOException {
        Result result = run("once", "--config", file(VALID));

        assertThat(result.exitCode()).as(result.err()).isZero();
        RecordingTranslator translator = FakeTranslatorFactories.CREATED.get(0);
        assertThat(translator.history()).hasSize(1);
        assertThat(translator.isClosed()).as("restored").isFalse();
    }

    @Test
    void onceFormatsATableWithAlignedColumns() throws IOException {
        Result result = run("once", "--config", file(VALID), "--dry-run");

        List<String> lines = result.out().lines().toList();
        assertThat(lines).hasSize(5);
        assertThat(lines.get(0)).startsWith("SPE    PID   TID   THREAD");
        assertThat(lines.get(3)).contains("fake-executor[split 1]", "query", "Split words", "main", "order",
                "-20 nice", "input-queue-size=20").doesNotContain("split-1");
        int valueColumn = lines.get(0).indexOf("VALUE");
        assertThat(lines.subList(1, lines.size())).allMatch(l -> l.charAt(valueColumn - 1) == ' '
                && l.charAt(valueColumn) != ' ');
    }

    @Test
    void threadsListsEveryNativeThreadWithItsJavaName() {
        Result result = run("threads", "--pid", "4242");

        assertThat(result.exitCode()).isZero();
        assertThat(result.out()).isEqualTo("""
                TID   THREAD
                4243  main
                4250  Thread-3-split-executor[5, 5]
                """);
    }

    @Test
    void threadsOnAJvmThatCannotBeAskedPrintsOneLineAndExits1() {
        Result result = run("threads", "--pid", "99");

        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.err()).isEqualTo("lachesis: cannot attach to JVM 99: no such process\n");
    }
}
