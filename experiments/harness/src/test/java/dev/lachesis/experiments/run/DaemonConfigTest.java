package dev.lachesis.experiments.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lachesis.core.cli.Environment;
import dev.lachesis.core.cli.LachesisCommand;
import dev.lachesis.experiments.launch.WaitStrategy;
import dev.lachesis.experiments.mode.HandSetPriority;
import dev.lachesis.experiments.mode.SchedulingMode;
import dev.lachesis.experiments.run.StormSpeBlock;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class DaemonConfigTest {
    private static final SpeBlock STORM = new StormSpeBlock(ProcessHandle.current().pid(), "sweep-etl", WaitStrategy.PARK);
    private static final SpeBlock FLINK = () -> """
              - name: flink
                driver: flink
                pids: [%d]
                settings:
                  rest-url: http://127.0.0.1:1
            """.formatted(ProcessHandle.current().pid());

    @TempDir
    Path dir;

    private DaemonConfig config(SpeBlock spe, SchedulingMode mode, HandSetPriority handSet) {
        return new DaemonConfig(List.of(spe), mode, 8080, Duration.ofSeconds(1), dir.resolve("journal.json"),
                "lachesis-test", handSet);
    }

    @Test
    void theStaticModeWritesTheHandSetPriorityAsTheStaticPolicyWithNiceFromMinus20To0() throws Exception {
        DaemonConfig flink = config(FLINK, SchedulingMode.STATIC, new HandSetPriority("interpolation", "Source: source"));

        assertThat(flink.yaml()).contains("""
                    policy: static
                    period: 1000ms
                    translator: nice
                    # The hand-set priority: heaviest operator nice -20, the source -10, every other thread 0.
                    settings:
                      priorities: {"interpolation": 2, "Source: source": 1}
                      default: 0
                    translator-settings: {highest: -20, lowest: 0}
                """);
        assertValid(config(STORM, SchedulingMode.STATIC, new HandSetPriority("interpolation", "source")));
        assertValid(flink);
    }

    @Test
    void aHeaviestOperatorThatIsTheSourceGetsOnePriority() {
        assertThat(config(STORM, SchedulingMode.STATIC, new HandSetPriority("source", "source")).yaml())
                .contains("priorities: {\"source\": 2}");
    }

    @Test
    void theStaticModeNeedsTheHandSetPriorityAndTheOthersIgnoreIt() throws Exception {
        assertThatThrownBy(() -> config(STORM, SchedulingMode.STATIC, null))
                .hasMessage("the STATIC mode needs the query's hand-set priority");
        DaemonConfig mod = config(STORM, SchedulingMode.LACHESIS_MOD, new HandSetPriority("parse", "source"));

        assertThat(mod.yaml()).doesNotContain("priorities").doesNotContain("translator-settings");
        assertValid(mod);
    }

    @Test
    void theDrainModesAreTheDrainPolicyThroughNiceAndThroughRt() {
        String nice = config(STORM, SchedulingMode.LACHESIS_DRAIN, null).yaml();
        String rt = config(STORM, SchedulingMode.LACHESIS_DRAIN_RT, null).yaml();

        assertThat(nice).contains("  - name: lachesis-drain\n    policy: drain\n    period: 1000ms\n    translator: nice\n");
        assertThat(rt).as("the rt translator with its watchdog's defaults, the safety net a user gets")
                .contains("  - name: lachesis-drain-rt\n    policy: drain\n    period: 1000ms\n    translator: rt\n")
                .doesNotContain("translator-settings");
    }

    @Test
    void theLachesisModeNormalisesWithThe2021PapersNiceFormulaAndAssumesASourceQueueOfOne() throws Exception {
        DaemonConfig lachesis = config(STORM, SchedulingMode.LACHESIS, null);

        assertThat(lachesis.yaml()).contains("""
                    policy: qs
                    period: 1000ms
                    translator: nice
                    settings: {assumed-source-queue: 1}
                    translator-settings: {normaliser: nice-ratio}
                """);
        assertValid(lachesis);
    }

    @Test
    void theCgroupModeGivesEachOperatorAGroupThroughTheCgroupTranslator() throws Exception {
        DaemonConfig cgroup = config(FLINK, SchedulingMode.LACHESIS_CGROUP, null);

        assertThat(cgroup.yaml()).contains("""
                    policy: qs-groups
                    period: 1000ms
                    translator: cgroup
                """);
        assertValid(cgroup);
    }

    @Test
    void theGroupsModeAddsOneCgroupPerQueryWithEqualSharesBesideQsIoThroughNice() throws Exception {
        DaemonConfig groups = config(FLINK, SchedulingMode.LACHESIS_MOD_GROUPS, null);

        assertThat(groups.yaml()).contains("""
                  - name: lachesis-mod-groups
                    policy: qs-io
                    period: 1000ms
                    translator: nice
                  - name: query-groups
                    policy: query-groups
                    period: 10s
                    translator: cgroup
                    settings: {default-priority: 1}
                cgroups:
                """);
        assertValid(groups);
        assertThat(config(FLINK, SchedulingMode.LACHESIS_MOD, null).yaml()).doesNotContain("query-groups");
    }

    @Test
    void aStorm1EntryReadsTheBuiltInMetricsInOneSecondBuckets() throws Exception {
        DaemonConfig storm1 = config(new Storm1SpeBlock(ProcessHandle.current().pid(), "sweep-etl"),
                SchedulingMode.LACHESIS_MOD_RT, null);

        assertThat(storm1.yaml()).contains("      version: 1\n      metrics-bucket: 1s\n");
        assertValid(storm1);
    }

    @Test
    void twoSpesGoUnderOneSpesKeySoOneDaemonSchedulesBoth() throws Exception {
        DaemonConfig both = new DaemonConfig(List.of(STORM, FLINK), SchedulingMode.LACHESIS_MOD_GROUPS, 8080,
                Duration.ofSeconds(1), dir.resolve("journal.json"), "lachesis-test");

        assertThat(both.yaml()).contains("spes:\n" + STORM.yaml() + FLINK.yaml() + "metrics:\n");
        assertValid(both);
    }

    @Test
    void aFileWithoutAnSpeIsRefused() {
        assertThatThrownBy(() -> new DaemonConfig(List.of(), SchedulingMode.OS, 8080, Duration.ofSeconds(1),
                dir.resolve("journal.json"), "lachesis-test"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("one SPE at least");
    }

    /** {@code lachesis validate} accepts the file, with the real drivers, policies and translators. */
    private void assertValid(DaemonConfig config) throws Exception {
        Path file = config.writeTo(dir.resolve(config.mode().fileName() + ".yaml"));
        CommandLine cli = LachesisCommand.commandLine(Environment.system());
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));

        int exit = cli.execute("validate", "--config", file.toString());

        assertThat(exit).as("validate %s: %s%s", file.getFileName(), err, config.yaml()).isZero();
    }
}
