package dev.lachesis.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigLoaderTest {
    private static final String VALID = """
            spes:
              - name: storm
                driver: fake-spe
                pids: [100, 200]
                settings:
                  replicas: 3
            metrics:
              source: fake-source
            policies:
              - name: order
                policy: fake-order
                translator: fake-nice
                spes: [storm]
            """;

    @Test
    void bindsEverySectionAndFillsDefaults() throws ConfigException {
        LachesisConfig config = ConfigLoader.parse("test.yaml", VALID);

        assertThat(config.spes()).singleElement().satisfies(spe -> {
            assertThat(spe.name()).isEqualTo("storm");
            assertThat(spe.pids()).containsExactly(100, 200);
        });
        assertThat(config.speNode(0).child("settings").child("replicas").json().asInt()).isEqualTo(3);
        assertThat(config.metrics().window()).isEqualTo(Duration.ofSeconds(10));
        assertThat(config.policies()).singleElement().satisfies(p -> {
            assertThat(p.period()).isEqualTo(Duration.ofSeconds(1));
            assertThat(p.spes()).containsExactly("storm");
        });
        assertThat(config.logging().level()).isEqualTo("info");
        assertThat(config.journal()).isEqualTo(JournalLocation.defaultPath());
    }

    @Test
    void notesTheLineOfEveryKeyPath() throws ConfigException {
        LachesisConfig config = ConfigLoader.parse("test.yaml", VALID);

        assertThat(config.where("spes[0].settings.replicas")).isEqualTo("spes[0].settings.replicas (test.yaml:6)");
        assertThat(config.where("spes[0].pids[1]")).isEqualTo("spes[0].pids[1] (test.yaml:4)");
        assertThat(config.where("policies[0].spes")).isEqualTo("policies[0].spes (test.yaml:13)");
        assertThat(config.where("policies[0]")).isEqualTo("policies[0] (test.yaml:10)");
    }

    @Test
    void anUnknownKeyNamesItsPathAndLineAndTheKnownKeys() {
        String yaml = VALID.replace("    translator: fake-nice", "    translater: fake-nice");

        assertThatThrownBy(() -> ConfigLoader.parse("test.yaml", yaml))
                .isInstanceOf(ConfigException.class)
                .hasMessage("policies[0].translater (test.yaml:12) is not a known key (known: [name, period, policy, seed, "
                        + "settings, spes, translator, translator-settings])");
    }

    @Test
    void aWrongTypeNamesItsPathLineValueAndTheExpectedType() {
        String yaml = VALID.replace("    spes: [storm]", "    spes: [storm]\n    period: soon");

        assertThatThrownBy(() -> ConfigLoader.parse("test.yaml", yaml))
                .isInstanceOf(ConfigException.class)
                .hasMessage("policies[0].period (test.yaml:14) was 'soon' but must be a duration such as 500ms, 1s, 2m");
    }

    @Test
    void reportsTheProblemsOfEverySectionAtOnce() {
        String yaml = VALID + """
                logging:
                  level: [loud]
                colour: blue
                """;
        String broken = yaml.replace("    pids: [100, 200]", "    pids: [100, lots]");

        assertThatThrownBy(() -> ConfigLoader.parse("test.yaml", broken))
                .isInstanceOfSatisfying(ConfigException.class, e -> assertThat(e.problems()).containsExactly(
                        "colour (test.yaml:16) is not a known key (known: [cgroups, journal, logging, metrics, policies,"
                                + " report, spes, status])",
                        "spes[0].pids[1] (test.yaml:4) was 'lots' but must be a whole number",
                        "logging.level (test.yaml:15) must be a string"));
    }

    @Test
    void aYamlSyntaxErrorNamesTheLine() {
        assertThatThrownBy(() -> ConfigLoader.parse("test.yaml", "spes:\n  - name: [storm\npolicies: []\n"))
                .isInstanceOf(ConfigException.class)
                .hasMessage("test.yaml:3:9 is not valid YAML: while parsing a flow sequence started on line 2:"
                        + " expected ',' or ']', but got :");
    }

    @Test
    void aTabNamesItsOwnLineAndTheWholeExplanation() {
        // The TAB is on line 14; Jackson's location said 13, and the message stopped after its first line.
        String yaml = "# a policy file\n".repeat(6) + VALID.replace("metrics:\n  source: fake-source\n", "metrics:\n\tsource: fake-source\n");
        assertThat(yaml.lines().toList().get(14 - 1)).startsWith("\t");

        assertThatThrownBy(() -> ConfigLoader.parse("test.yaml", yaml))
                .isInstanceOf(ConfigException.class)
                .hasMessage("test.yaml:14:1 is not valid YAML: while scanning for the next token: found character '\\t(TAB)'"
                        + " that cannot start any token. (Do not use \\t(TAB) for indentation)");
    }

    @Test
    void aKeyGivenTwiceNamesBothLines() {
        assertThatThrownBy(() -> ConfigLoader.parse("test.yaml", VALID + "logging:\n  level: info\nlogging:\n  level: warn\n"))
                .isInstanceOf(ConfigException.class)
                .hasMessage("logging (test.yaml:16) is a duplicate key: it is set on line 14 already");
    }

    @Test
    void aFileThatIsNotUtf8NamesTheFirstBadByteAndItsLine(@TempDir Path dir) throws Exception {
        byte[] latin1 = "spes:\n  - name: st\u00e9rm\n".getBytes(StandardCharsets.ISO_8859_1);
        Path file = Files.write(dir.resolve("latin1.yaml"), latin1);

        assertThatThrownBy(() -> ConfigLoader.load(file))
                .isInstanceOf(ConfigException.class)
                .hasMessage(file + " is not UTF-8 at byte 19 (line 2, 0xE9): save it as UTF-8");
    }

    @Test
    void anEmptyFileSaysSo() {
        assertThatThrownBy(() -> ConfigLoader.parse("test.yaml", "# nothing\n"))
                .isInstanceOf(ConfigException.class)
                .hasMessage("test.yaml is empty; see the examples in config/");
    }

    @Test
    void aMissingFileSaysSo(@TempDir Path dir) {
        Path missing = dir.resolve("absent.yaml");

        assertThatThrownBy(() -> ConfigLoader.load(missing))
                .isInstanceOf(ConfigException.class)
                .hasMessage(missing + " does not exist");
    }

    @Test
    void loadsAFileAndNamesItInMessages(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("lachesis.yaml"), VALID);

        assertThat(ConfigLoader.load(file).where("metrics.source")).isEqualTo("metrics.source (lachesis.yaml:8)");
    }

    @Test
    void anSpeMayOverrideKeysOfTheMetricsSection() throws ConfigException {
        String yaml = VALID.replace("    settings:\n", "    metrics:\n      window: 30s\n    settings:\n")
                .replace("  source: fake-source", "  source: fake-source\n  url: http://127.0.0.1:8080");
        LachesisConfig config = ConfigLoader.parse("test.yaml", yaml);

        ConfigNode merged = config.metricsNodeFor(0);

        assertThat(merged.path()).isEqualTo("spes[0].metrics");
        assertThat(merged.bind(MetricsConfig.class)).satisfies(m -> {
            assertThat(m.window()).isEqualTo(Duration.ofSeconds(30));
            assertThat(m.url()).isEqualTo("http://127.0.0.1:8080");
            assertThat(m.source()).isEqualTo("fake-source");
        });
    }
}
