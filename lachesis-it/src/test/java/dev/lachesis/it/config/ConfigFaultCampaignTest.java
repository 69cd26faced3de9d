package dev.lachesis.it.config;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.core.cli.Environment;
import dev.lachesis.core.cli.LachesisCommand;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Fault campaign, configuration (issue 19, listed in {@code docs/fault-campaign.md}):
 * {@code lachesis validate} with the real drivers, policies, translators and metric sources, given a
 * policy file with one mistake each. The user must see exactly one line on standard error naming
 * the key path (or the byte) and the line, nothing on standard output, and exit code 2. That
 * {@code validate} adds no log line of its own is shown with a child JVM by the translators'
 * {@code ValidateOutputTest}.
 */
class ConfigFaultCampaignTest {
    /** A valid file; each case changes one line of it. Line 9 holds the query-groups default priority. */
    private static final String VALID = """
            spes:
              - name: storm
                driver: storm
            journal: %s
            policies:
              - name: shares
                policy: query-groups
                settings:
                  default-priority: 1
                  priorities: {etl: 2}
                translator: cgroup
              - name: operators
                policy: qs
                period: 1s
                translator: nice
            """;

    @TempDir
    Path tmp;

    /** Runs {@code lachesis validate} on {@code text}; asserts the one line on stderr and exit 2. */
    private void refusedWithOneLine(byte[] text, String line) throws IOException {
        Path file = Files.write(tmp.resolve("lachesis.yaml"), text);
        CommandLine cli = LachesisCommand.commandLine(Environment.system());
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));

        int exit = cli.execute("validate", "--config", file.toString());

        assertThat(err.toString()).isEqualTo(line.replace("FILE", file.toString()) + "\n");
        assertThat(out.toString()).isEmpty();
        assertThat(exit).isEqualTo(2);
    }

    private void refusedWithOneLine(String text, String line) throws IOException {
        refusedWithOneLine(text.getBytes(StandardCharsets.UTF_8), line);
    }

    private String valid() {
        return VALID.formatted(tmp.resolve("journal"));
    }

    @Test
    void theValidFileIsValid() throws IOException {
        Path file = Files.writeString(tmp.resolve("lachesis.yaml"), valid());
        StringWriter out = new StringWriter();
        CommandLine cli = LachesisCommand.commandLine(Environment.system());
        cli.setOut(new PrintWriter(out));

        assertThat(cli.execute("validate", "--config", file.toString())).isZero();
        assertThat(out.toString()).isEqualTo("lachesis.yaml is valid: 1 SPE instance(s), policies [shares, operators]\n");
    }

    @Test
    void aCgroupShareBeyondEveryCgroupVersion() throws IOException {
        refusedWithOneLine(valid().replace("default-priority: 1", "default-priority: 1000000000000"),
                "policies[0].settings.default-priority (lachesis.yaml:9) was '1000000000000' but must be a relative share"
                        + " from 1 to 10000 (the span of cgroup v2's cpu.weight)");
    }

    @Test
    void aCgroupShareOfAQueryBelowOne() throws IOException {
        refusedWithOneLine(valid().replace("{etl: 2}", "{etl: 0}"), "policies[0].settings.priorities.etl (lachesis.yaml:10) was '0' but must be"
                + " a relative share from 1 to 10000 (the span of cgroup v2's cpu.weight)");
    }

    @Test
    void aTabInTheIndentation() throws IOException {
        refusedWithOneLine(valid().replace("    period: 1s", "\tperiod: 1s"), "lachesis.yaml:14:1 is not valid YAML: while scanning for the"
                + " next token: found character '\\t(TAB)' that cannot start any token. (Do not use \\t(TAB) for indentation)");
    }

    @Test
    void aFileThatIsNotUtf8() throws IOException {
        byte[] latin1 = valid().replace("name: operators", "name: opérateurs").getBytes(StandardCharsets.ISO_8859_1);
        int at = valid().indexOf("name: operators") + "name: op".length() + 1; // counted from 1, as cmp does
        refusedWithOneLine(latin1, "FILE is not UTF-8 at byte " + at + " (line 12, 0xE9): save it as UTF-8");
    }

    @Test
    void anUnknownKey() throws IOException {
        refusedWithOneLine(valid().replace("translator: nice", "translater: nice"), "policies[1].translater (lachesis.yaml:15) is not a known"
                + " key (known: [name, period, policy, seed, settings, spes, translator, translator-settings])");
    }

    @Test
    void aKeyGivenTwice() throws IOException {
        refusedWithOneLine(valid().replace("    period: 1s", "    period: 1s\n    period: 2s"),
                "policies[1].period (lachesis.yaml:15) is a duplicate key: it is set on line 14 already");
    }

    @Test
    void aDurationThatIsNotOne() throws IOException {
        refusedWithOneLine(valid().replace("period: 1s", "period: fast"),
                "policies[1].period (lachesis.yaml:14) was 'fast' but must be a duration such as 500ms, 1s, 2m");
    }

    @Test
    void aPeriodBelowTheShortest() throws IOException {
        refusedWithOneLine(valid().replace("period: 1s", "period: 0s"), "policies[1].period (lachesis.yaml:14) was '0s' but must be at least 10ms");
    }

    @Test
    void aDriverNoModuleProvides() throws IOException {
        refusedWithOneLine(valid().replace("driver: storm", "driver: sturm"),
                "spes[0].driver (lachesis.yaml:3) was 'sturm' but no driver has that name (available: flink, storm)");
    }

    @Test
    void aPolicyNamingAnUnknownSpe() throws IOException {
        refusedWithOneLine(valid().replace("    period: 1s", "    period: 1s\n    spes: [flink]"),
                "policies[1].spes[0] (lachesis.yaml:15) was 'flink' but no SPE instance has that name (known: storm)");
    }

    @Test
    void aTranslatorThatCannotApplyThePolicysSchedules() throws IOException {
        refusedWithOneLine(valid().replace("translator: cgroup", "translator: nice"), "policies[0].translator (lachesis.yaml:11) was 'nice' but"
                + " it applies single-priority schedules and policy 'query-groups' produces grouping schedules");
    }

    @Test
    void underARunningDaemonEveryProblemIsReportedAndTheJournalInUseIsOneMoreLine() throws Exception {
        Path file = Files.writeString(tmp.resolve("lachesis.yaml"),
                valid().replace("default-priority: 1", "default-priority: 1000000000000"));
        Process daemon = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), JournalHolder.class.getName(), tmp.resolve("journal").toString())
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try {
            assertThat(new BufferedReader(new InputStreamReader(daemon.getInputStream(),
                    StandardCharsets.UTF_8)).readLine()).isEqualTo("locked true");
            CommandLine cli = LachesisCommand.commandLine(Environment.system());
            StringWriter err = new StringWriter();
            cli.setErr(new PrintWriter(err));
            cli.setOut(new PrintWriter(new StringWriter()));

            int exit = cli.execute("validate", "--config", file.toString());

            assertThat(err.toString().lines()).containsExactlyInAnyOrder(
                    "the journal " + tmp.resolve("journal") + " is in use by another Lachesis process (pid "
                            + daemon.pid() + "), which restores its threads when it stops: stop it first, or give this"
                            + " file another 'journal:'",
                    "policies[0].settings.default-priority (lachesis.yaml:9) was '1000000000000' but must be a relative"
                            + " share from 1 to 10000 (the span of cgroup v2's cpu.weight)");
            assertThat(exit).isEqualTo(2);
        } finally {
            daemon.getOutputStream().close();
            daemon.waitFor();
        }
    }

    @Test
    void aFileThatDoesNotExist() throws IOException {
        CommandLine cli = LachesisCommand.commandLine(Environment.system());
        StringWriter err = new StringWriter();
        cli.setErr(new PrintWriter(err));
        cli.setOut(new PrintWriter(new StringWriter()));

        int exit = cli.execute("validate", "--config", tmp.resolve("missing.yaml").toString());

        assertThat(err.toString()).isEqualTo(tmp.resolve("missing.yaml") + " does not exist\n");
        assertThat(exit).isEqualTo(2);
    }
}
