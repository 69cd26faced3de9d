package dev.lachesis.translators.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.lachesis.core.proc.ProcFs;
import dev.lachesis.core.proc.TaskStat;
import dev.lachesis.testkit.ReportingChild;
import dev.lachesis.translators.PermissionAdvice;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fault campaign, translators (issue 19, listed in {@code docs/fault-campaign.md}), nice values
 * only: the real daemon ({@code lachesis run} in a child JVM, {@link LachesisCli}) schedules the
 * threads of a test process ({@link ThreadsChild}) through the test plug-ins {@code proc-threads}
 * and {@code name-number}, and the test does to it what happens in production: SIGKILL while it
 * applies, a second daemon on the same journal, {@code validate} while it runs, a journal entry
 * whose thread id was reused, and no CAP_SYS_NICE. Each case asserts what the user sees (exit code,
 * the one line on stderr) and reads the nice values back from {@code /proc}. The journal lives in a
 * {@code RUNTIME_DIRECTORY} of the test's own, as under systemd, so {@code restore} needs no
 * {@code --journal}.
 */
@EnabledIf("dev.lachesis.translators.it.KernelGate#canLowerNice")
class TranslatorFaultCampaignTest {
    /** A policy file: the threads of {@code pid} named {@code prefix...} get nice values by the number ending their name. */
    private static final String CONFIG = """
            spes:
              - {name: a, driver: proc-threads, settings: {pid: %d, prefix: '%s'}}
            metrics:
              url: http://127.0.0.1:9
            policies:
              - {name: nice, policy: name-number, translator: nice}
            """;

    @TempDir
    Path tmp;
    private Path runtime;
    private LachesisCli lachesis;
    private final List<Process> daemons = new ArrayList<>();

    @BeforeEach
    void runtimeDirectory() throws Exception {
        runtime = Files.createDirectory(tmp.resolve("run"),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        lachesis = new LachesisCli(tmp, Map.of("RUNTIME_DIRECTORY", runtime.toString()));
    }

    @AfterEach
    void stopDaemons() throws Exception {
        for (Process daemon : daemons) {
            daemon.destroy(); // SIGTERM: a live daemon restores what it changed
            if (!daemon.waitFor(30, TimeUnit.SECONDS)) {
                daemon.destroyForcibly();
            }
        }
    }

    /**
     * Starts the threads at nice 0, whatever nice the test runs at, so raising and lowering both show;
     * they live five minutes, since a case starts up to three more JVMs.
     */
    private static ReportingChild threads(String... kinds) throws Exception {
        int own = ProcReader.nice((int) ProcessHandle.current().pid(), (int) ProcessHandle.current().pid());
        List<String> args = new ArrayList<>(List.of("lifetime:300"));
        args.addAll(List.of(kinds));
        return ReportingChild.start(own == 0 ? List.of() : List.of("nice", "-n", Integer.toString(-own)), ThreadsChild.class,
                args.toArray(String[]::new));
    }

    private Path config(ReportingChild target, String prefix) throws Exception {
        return Files.writeString(tmp.resolve("lachesis.yaml"), CONFIG.formatted(target.pid(), prefix));
    }

    private Process daemon(String name, Path config) throws Exception {
        Process daemon = lachesis.start(name, "run", "--config", config.toString());
        daemons.add(daemon);
        return daemon;
    }

    private static Map<String, Integer> nices(ReportingChild target) {
        Map<String, Integer> nices = new LinkedHashMap<>();
        target.tids().forEach((name, tid) -> nices.put(name, ProcReader.nice(target.pid(), tid)));
        return nices;
    }

    /** Waits until the daemon set n-1 to 19 and n-2 to -20 (name-number over the nice range). */
    private void awaitApplied(Process daemon, String name, ReportingChild target) {
        await().atMost(Duration.ofSeconds(60)).until(() -> !daemon.isAlive()
                || ProcReader.nice(target.pid(), target.tid("n-2")) == -20);
        assertThat(daemon.isAlive()).as("daemon running; its stderr: %s", err(name)).isTrue();
        assertThat(ProcReader.nice(target.pid(), target.tid("n-1"))).isEqualTo(19);
    }

    /**
     * The one line a command printed about its problem: the last line of its standard error, every
     * line before it being start-up news at INFO (the kernel capabilities it found).
     */
    private static String theProblem(String err) {
        List<String> lines = err.lines().toList();
        assertThat(lines).as("stderr: %s", err).isNotEmpty();
        assertThat(lines.subList(0, lines.size() - 1)).as("stderr: %s", err).allMatch(l -> l.contains(" INFO "));
        return lines.get(lines.size() - 1);
    }

    /** The fact a command refused by {@code holder}'s journal states, before its fix. */
    private String inUse(Process holder) {
        return "the journal " + runtime.resolve("journal") + " is in use by another Lachesis process (pid " + holder.pid()
                + "), which restores its threads when it stops";
    }

    private String err(String name) {
        try {
            return lachesis.err(name);
        } catch (java.io.IOException e) {
            return e.toString();
        }
    }

    @Test
    void daemonKilledMidApplyThenAPlainRestorePutsEveryThreadBack() throws Exception {
        try (ReportingChild target = threads("sleepers:300")) {
            Map<String, Integer> originals = nices(target);
            Process daemon = daemon("daemon", config(target, "sleeper-"));
            await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(1)).until(() -> !daemon.isAlive()
                    || target.tids().values().stream().anyMatch(tid -> ProcReader.nice(target.pid(), tid) != 0));
            daemon.destroyForcibly();
            assertThat(daemon.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(daemon.exitValue()).as("killed by SIGKILL; stderr: %s", err("daemon")).isEqualTo(128 + 9);
            assertThat(nices(target)).as("the dead daemon restored nothing").isNotEqualTo(originals);

            int exit = lachesis.run("restore", "restore");

            assertThat(lachesis.err("restore")).isEmpty();
            assertThat(exit).isZero();
            assertThat(lachesis.out("restore")).startsWith("restored ");
            assertThat(nices(target)).isEqualTo(originals);
            assertThat(runtime.resolve("journal")).doesNotExist();
        }
    }

    @Test
    void aSecondDaemonOnTheSameJournalIsRefusedWithOneLine() throws Exception {
        try (ReportingChild target = threads("sleep:n-1", "sleep:n-2")) {
            Map<String, Integer> originals = nices(target);
            Path config = config(target, "n-");
            Process first = daemon("first", config);
            awaitApplied(first, "first", target);
            Map<String, Integer> applied = nices(target);

            Process second = daemon("second", config);

            assertThat(second.waitFor(60, TimeUnit.SECONDS)).as("the second daemon ends; stderr: %s", err("second")).isTrue();
            assertThat(theProblem(lachesis.err("second"))).isEqualTo(inUse(first) + ": stop it first, or give this file another"
                    + " 'journal:'");
            assertThat(second.exitValue()).isEqualTo(2);
            assertThat(first.isAlive()).isTrue();
            assertThat(nices(target)).isEqualTo(applied);

            int restore = lachesis.run("restore", "restore");

            assertThat(lachesis.err("restore")).isEqualTo("not restoring: " + inUse(first) + ": stop it (SIGTERM) instead of"
                    + " restoring under it\n");
            assertThat(restore).isEqualTo(2);
            assertThat(nices(target)).isEqualTo(applied);

            first.destroy();
            assertThat(first.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(nices(target)).as("the first daemon restored its threads on SIGTERM").isEqualTo(originals);
        }
    }

    @Test
    void validateWhileTheDaemonRunsLeavesItsJournalAlone() throws Exception {
        try (ReportingChild target = threads("sleep:n-1", "sleep:n-2")) {
            Map<String, Integer> originals = nices(target);
            Path config = config(target, "n-");
            Process daemon = daemon("daemon", config);
            awaitApplied(daemon, "daemon", target);

            int exit = lachesis.run("validate", "validate", "--config", config.toString());

            assertThat(runtime.resolve("journal")).as("still there for restore").isRegularFile();
            assertThat(lachesis.err("validate")).isEqualTo(inUse(daemon) + ": stop it first, or give this file another"
                    + " 'journal:'\n");
            assertThat(exit).isEqualTo(2);

            daemon.destroyForcibly();
            assertThat(daemon.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(lachesis.run("restore", "restore")).isZero();
            assertThat(nices(target)).isEqualTo(originals);
        }
    }

    @Test
    void aThousandThreadsStartedAndEndedASecondKeepTheDaemonRunning() throws Exception {
        try (ReportingChild target = threads("sleep:churn-1", "churn:1000")) {
            int original = ProcReader.nice(target.pid(), target.tid("churn-1"));
            Process daemon = lachesis.start("daemon", "run", "--config", config(target, "churn-").toString(), "--rounds",
                    "json");
            daemons.add(daemon);

            await().atMost(Duration.ofSeconds(120)).until(() -> !daemon.isAlive() || rounds("daemon").size() >= 10);

            assertThat(daemon.isAlive()).as("alive; stderr: %s", err("daemon")).isTrue();
            assertThat(rounds("daemon")).as("outcomes").allMatch(r -> r.contains("\"outcome\":\"OK\""));
            assertThat(err("daemon").lines().filter(l -> l.contains(" WARN ") || l.contains(" ERROR "))).isEmpty();
            assertThat(ProcReader.nice(target.pid(), target.tid("churn-1"))).as("the long-lived thread, lowest").isEqualTo(19);

            daemon.destroy();
            assertThat(daemon.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(ProcReader.nice(target.pid(), target.tid("churn-1"))).as("restored on SIGTERM").isEqualTo(original);
            assertThat(runtime.resolve("journal")).doesNotExist();
        }
    }

    /** The rounds a daemon started with {@code --rounds json} has printed, one JSON object each. */
    private List<String> rounds(String name) throws java.io.IOException {
        return lachesis.out(name).lines().filter(l -> l.startsWith("{")).toList();
    }

    @Test
    void aJournalEntryWhoseThreadIdWasReusedIsNotApplied() throws Exception {
        try (ReportingChild target = threads("sleep:w-1")) {
            int pid = target.pid();
            int tid = target.tid("w-1");
            ProcFs proc = ProcFs.system();
            long pidStart = proc.processStat(pid).map(TaskStat::startTimeTicks).orElseThrow();
            long tidStart = proc.taskStat(pid, tid).map(TaskStat::startTimeTicks).orElseThrow();
            int owner = proc.owner(pid).orElseThrow();
            // What a journal says after thread w-1's id was reused: the same ids, a thread that started earlier.
            Files.writeString(runtime.resolve("journal"), "thread\t" + pid + "\t" + pidStart + "\t" + owner + "\t" + tid + "\t"
                    + (tidStart - 1) + "\t0\t0\t-7\t\tw-1\n");
            Files.setPosixFilePermissions(runtime.resolve("journal"), PosixFilePermissions.fromString("rw-------"));
            int before = ProcReader.nice(pid, tid);

            int exit = lachesis.run("restore", "restore");

            assertThat(lachesis.err("restore")).isEmpty();
            assertThat(exit).isZero();
            assertThat(lachesis.out("restore")).startsWith("restored 0 threads; 1 were gone or no longer matched their entries");
            assertThat(ProcReader.nice(pid, tid)).as("left alone, not set to -7").isEqualTo(before);
        }
    }

    @Test
    void withoutCapSysNiceSetSaysSoInOneLineAndChangesNothing() throws Exception {
        try (ReportingChild target = threads("sleep:n-1", "sleep:n-2", "sleep:n-3")) {
            Map<String, Integer> originals = nices(target);
            LachesisCli unprivileged = new LachesisCli(tmp, lachesis.environment(), List.of("setpriv", "--bounding-set=-sys_nice",
                    "--inh-caps=-sys_nice", "--"));

            int exit = unprivileged.run("set", "set", "--pid", Integer.toString(target.pid()), "--threads", "n-.*", "--nice", "-5");

            assertThat(unprivileged.err("set").lines()).as("one line, no start-up news before it").singleElement()
                    .asString().matches("set: the kernel refused 3 of 3 changes \\(setpriority\\(PRIO_PROCESS,"
                    + " tid=[0-9]+, nice=-5\\) failed: EACCES\\): \\Q" + PermissionAdvice.forNice() + "\\E");
            assertThat(exit).isEqualTo(1);
            assertThat(nices(target)).as("nothing half-applied").isEqualTo(originals);
        }
    }

    @Test
    void withoutCapSysNiceTheDaemonRefusesToStartWithOneLine() throws Exception {
        try (ReportingChild target = threads("sleep:n-1", "sleep:n-2")) {
            Map<String, Integer> originals = nices(target);
            LachesisCli unprivileged = new LachesisCli(tmp, lachesis.environment(), List.of("setpriv", "--bounding-set=-sys_nice",
                    "--inh-caps=-sys_nice", "--"));
            int exit = unprivileged.run("daemon", "run", "--config", config(target, "n-").toString());

            // The start-up probe lowers its own nice by one: -1 under a shell at nice 0, 18 under `nice -n 19`.
            assertThat(theProblem(unprivileged.err("daemon"))).matches("\\Qpolicies[0].translator (lachesis.yaml:6) names the"
                    + " translator 'nice', which cannot run on this machine: per-thread nice values through setpriority(2);"
                    + " lowering nice is not permitted here (setpriority(PRIO_PROCESS, tid=\\E[0-9]+, nice=-?[0-9]+\\) failed: EACCES\\): "
                    + "\\Q" + PermissionAdvice.forNice() + "\\E");
            assertThat(exit).isEqualTo(2);
            assertThat(nices(target)).as("nothing half-applied").isEqualTo(originals);
        }
    }
}
