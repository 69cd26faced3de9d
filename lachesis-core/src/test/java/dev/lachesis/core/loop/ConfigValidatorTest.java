package dev.lachesis.core.loop;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.core.config.ConfigException;
import dev.lachesis.core.config.ConfigLoader;
import dev.lachesis.core.config.ReportConfig;
import dev.lachesis.core.config.StatusConfig;
import dev.lachesis.core.testing.FakePlugins;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConfigValidatorTest {
    private static final String VALID = """
            spes:
              - name: storm
                driver: fake-spe
              - name: flink
                driver: fake-spe
            metrics:
              source: fake-source
            policies:
              - name: order
                policy: fake-order
                period: 500ms
                translator: fake-nice
                spes: [storm]
              - name: groups
                policy: fake-groups
                translator: fake-shares
            """;

    private final ConfigValidator validator = new ConfigValidator(FakePlugins.registry());

    private List<String> problems(String yaml) throws ConfigException {
        return validator.problems(ConfigLoader.parse("lachesis.yaml", yaml));
    }

    @Test
    void aValidFileHasNoProblems() throws ConfigException {
        assertThat(problems(VALID)).isEmpty();
    }

    @Test
    void theStatusEndpointIsOffWithoutItsSectionAndLoopbackByDefault() throws ConfigException {
        assertThat(ConfigLoader.parse("lachesis.yaml", VALID).status().enabled()).isFalse();
        StatusConfig status = ConfigLoader.parse("lachesis.yaml", VALID + "status: {port: 9477}\n").status();
        assertThat(status).isEqualTo(new StatusConfig("127.0.0.1", 9477));
        assertThat(problems(VALID + "status: {port: 9477}\n")).isEmpty();
    }

    @Test
    void aStatusSectionWithoutAPortOrWithABadAddressOrPortIsNamed() throws ConfigException {
        assertThat(problems(VALID + "status: {address: 127.0.0.1}\n")).containsExactly("status (lachesis.yaml:17) must name "
                + "a port (e.g. port: 9477), or be left out for no status endpoint");
        assertThat(problems(VALID + "status:\n  address: localhost\n  port: 70000\n")).containsExactly(
                "status.port (lachesis.yaml:19) was 70000 but must be 0..65535 (0: any free port)",
                "status.address (lachesis.yaml:18) was 'localhost' but must be an IP address, e.g. 127.0.0.1 "
                        + "(loopback) or 0.0.0.0 (every interface)");
    }

    @Test
    void theReportNeedsCarbonAsHostAndPortAndAGraphitePrefix() throws ConfigException {
        assertThat(problems(VALID + "report: {carbon: 127.0.0.1:2003}\n")).isEmpty();
        assertThat(ConfigLoader.parse("lachesis.yaml", VALID + "report: {carbon: 127.0.0.1:2003}\n").report())
                .isEqualTo(new ReportConfig("127.0.0.1:2003", "lachesis"));
        assertThat(problems(VALID + "report:\n  carbon: graphite\n  prefix: my lachesis\n")).containsExactly(
                "report.carbon (lachesis.yaml:18) was 'graphite' but must be host:port, e.g. 127.0.0.1:2003",
                "report.prefix (lachesis.yaml:19) was 'my lachesis' but must be dot-separated parts of letters, digits,"
                        + " '_' and '-', e.g. lachesis.edge1");
        assertThat(problems(VALID + "report: {prefix: x}\n")).containsExactly("report (lachesis.yaml:17) must name "
                + "carbon's plaintext listener (e.g. carbon: 127.0.0.1:2003), or be left out for no report");
    }

    @Test
    void aPeriodBelowTheMinimumNamesKeyLineWrittenValueAndBound() throws ConfigException {
        assertThat(problems(VALID.replace("period: 500ms", "period: 0s")))
                .containsExactly("policies[0].period (lachesis.yaml:11) was '0s' but must be at least 10ms");
    }

    @Test
    void anUnknownPluginListsTheAvailableOnes() throws ConfigException {
        assertThat(problems(VALID.replace("translator: fake-nice", "translator: nice")))
                .containsExactly("policies[0].translator (lachesis.yaml:12) was 'nice' but no translator has that name"
                        + " (available: fake-nice, fake-rr, fake-shares)");
    }

    @Test
    void aPolicyNamingAnUnknownSpeListsTheKnownOnes() throws ConfigException {
        assertThat(problems(VALID.replace("spes: [storm]", "spes: [storm, strom]")))
                .containsExactly("policies[0].spes[1] (lachesis.yaml:13) was 'strom' but no SPE instance has that name"
                        + " (known: storm, flink)");
    }

    @Test
    void aQueryIntervalAboveASecondIsNamedWithItsLine() throws ConfigException {
        assertThat(problems(VALID.replace("  source: fake-source", "  source: fake-source\n  query-interval: 2s")))
                .containsExactly("metrics.query-interval (lachesis.yaml:8) was '2s' but must be at most 1s");
    }

    @Test
    void collectsEveryProblemInOneRun() throws ConfigException {
        String yaml = VALID.replace("name: flink", "name: storm")
                .replace("driver: fake-spe\n  - name", "driver: fakespe\n  - name")
                .replace("  source: fake-source", "  source: fake-source\n  window: 500ms\n  url: ftp://host")
                .replace("period: 500ms", "period: 2h")
                + "logging:\n  level: loud\n";

        assertThat(problems(yaml)).containsExactly(
                "spes[0].driver (lachesis.yaml:3) was 'fakespe' but no driver has that name (available: fake-spe)",
                "spes[1].name (lachesis.yaml:4) was 'storm' but spes[0] already has that name",
                "metrics.window (lachesis.yaml:8) was '500ms' but must be at least 1s",
                "metrics.url (lachesis.yaml:9) was 'ftp://host' but must start with http:// or https://",
                "policies[0].period (lachesis.yaml:13) was '2h' but must be at most 1h",
                "logging.level (lachesis.yaml:20) was 'loud' but must be one of trace, debug, info, warn, error, off");
    }

    @Test
    void missingSectionsAndKeysAreNamed() throws ConfigException {
        String yaml = """
                spes:
                  - driver: fake-spe
                policies: []
                """;

        assertThat(problems(yaml)).containsExactly(
                "spes[0].name (lachesis.yaml:2) is missing",
                "policies (lachesis.yaml:3) must list at least one policy");
    }

    @Test
    void anSpesMetricsOverrideIsCheckedAsItsOwnSection() throws ConfigException {
        String yaml = VALID.replace("    driver: fake-spe\n  - name: flink",
                "    driver: fake-spe\n    metrics:\n      source: carbon\n  - name: flink");

        assertThat(problems(yaml)).containsExactly(
                "spes[0].metrics.source (lachesis.yaml:5) was 'carbon' but no metric source has that name"
                        + " (available: fake-source, graphite)");
    }

    @Test
    void aNonPositivePidIsRejected() throws ConfigException {
        assertThat(problems(VALID.replace("    driver: fake-spe\n  - name: flink",
                "    driver: fake-spe\n    pids: [12, -1]\n  - name: flink")))
                .containsExactly("spes[0].pids[1] (lachesis.yaml:4) was '-1' but must be a positive process id");
    }
}
