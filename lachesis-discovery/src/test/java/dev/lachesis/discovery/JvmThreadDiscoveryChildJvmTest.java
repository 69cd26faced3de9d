package dev.lachesis.discovery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lachesis.core.config.ByteSize;
import dev.lachesis.core.model.JvmThread;
import dev.lachesis.core.model.ThreadRef;
import dev.lachesis.core.proc.ProcFs;
import dev.lachesis.core.spi.DriverException;
import dev.lachesis.core.testing.ManualClock;
import dev.lachesis.testkit.ReportingChild;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledIf;

/**
 * Thread discovery against real child JVMs whose threads have long names that differ only after
 * the 15 characters Linux keeps in {@code comm}; each child thread reports its own native id, which
 * is what the discovered names are checked against.
 */
@EnabledIf(value = "inProcessAttachWorks",
        disabledReason = "in-process attach unavailable: "
                + "run the JVM with --add-exports jdk.attach/sun.tools.attach=ALL-UNNAMED")
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class JvmThreadDiscoveryChildJvmTest {
    private static final List<String> NAMES = List.of(
            "Thread-12-split-executor[3, 3]",
            "Thread-12-split-executor[4, 4]",
            "Sink: \"out\" (1/2) [fused] -> #1",
            "Sink: \"out\" (1/2) [fused] -> #2");

    private final List<AutoCloseable> children = new ArrayList<>();

    static boolean inProcessAttachWorks() {
        return AttachSupport.unavailableReason().isEmpty();
    }

    static boolean rootWithSetpriv() {
        return ProcFs.system().statusField((int) ProcessHandle.current().pid(), "Uid")
                .map(uid -> uid.startsWith("0\t") || uid.startsWith("0 ")).orElse(false)
                && Files.isExecutable(Path.of("/usr/bin/setpriv"));
    }

    @AfterEach
    void stopChildren() throws Exception {
        for (AutoCloseable child : children) {
            child.close();
        }
    }

    private ReportingChild child(List<String> wrapper, List<String> jvmOptions) throws Exception {
        ReportingChild child = ReportingChild.start(wrapper, jvmOptions, NamedThreadsChild.class, NAMES.toArray(String[]::new));
        children.add(child);
        return child;
    }

    private static void assertNamesEachThreadByItsOwnId(ReportingChild child, List<JvmThread> threads) {
        for (Map.Entry<String, Integer> expected : child.tids().entrySet()) {
            assertThat(threads).contains(new JvmThread(new ThreadRef(child.pid(), expected.getValue()),
                    expected.getKey()));
        }
    }

    @Test
    void mapsEachNativeThreadToItsFullJavaNameInProcess() throws Exception {
        ReportingChild child = child(List.of(), List.of());

        List<JvmThread> threads = new JvmThreadDiscovery().threads(child.pid());

        assertNamesEachThreadByItsOwnId(child, threads);
        assertThat(threads).extracting(JvmThread::tid).doesNotHaveDuplicates()
                .as("the attach itself starts an Attach Listener thread after the listing")
                .isSubsetOf(ProcFs.system().tids(child.pid()));
        assertThat(child.tids().keySet())
                .as("Linux keeps 15 characters, so comm cannot tell these threads apart")
                .allSatisfy(name -> assertThat(ProcFs.system().comm(child.pid(), child.tid(name)))
                        .hasValueSatisfying(comm -> assertThat(comm).hasSize(15).isEqualTo(name.substring(0, 15))));
        assertThat(threads).filteredOn(t -> t.tid() == child.pid())
                .as("the launcher's primordial thread is not in the dump and keeps its comm")
                .extracting(JvmThread::name).containsExactly("java");
    }

    @Test
    void fallsBackToForkingJcmdWithTheSameNames() throws Exception {
        ReportingChild child = child(List.of(), List.of());
        JvmThreadDiscovery discovery = new JvmThreadDiscovery(ProcFs.system(),
                new SafeThreadDumpSource(ProcFs.system(), Optional.empty(), JcmdDumpSource.ofRunningJdk()));

        assertNamesEachThreadByItsOwnId(child, discovery.threads(child.pid()));
    }

    @Test
    void namesTheThreadsOfItsOwnJvmThroughJcmd() throws Exception {
        String stat = Files.readString(Path.of("/proc/thread-self/stat"));
        int ownTid = Integer.parseInt(stat.substring(0, stat.indexOf(' ')));
        int ownPid = (int) ProcessHandle.current().pid();

        assertThat(new JvmThreadDiscovery().threads(ownPid))
                .contains(new JvmThread(new ThreadRef(ownPid, ownTid), Thread.currentThread().getName()));
    }

    @Test
    void dumpsAgainOnlyWhenTheJvmStartedAThread() throws Exception {
        ReportingChild child = child(List.of(), List.of());
        ThreadDumpSource inProcess = AttachApiDumpSource.create().orElseThrow();
        List<Integer> dumps = new ArrayList<>();
        ManualClock clock = new ManualClock(Instant.parse("2026-11-23T12:00:00Z"));
        JvmThreadDiscovery discovery = new JvmThreadDiscovery(ProcFs.system(), pid -> {
            dumps.add(pid);
            return inProcess.threadDump(pid);
        }, clock);
        discovery.threads(child.pid());
        discovery.threads(child.pid());
        discovery.threads(child.pid());

        assertThat(dumps).as("the Attach Listener the first attach started is in that dump already")
                .containsExactly(child.pid());

        child.command("spawn Thread-12-split-executor[5, 5]");
        clock.advance(JvmThreadDiscovery.REDUMP_AFTER);
        List<JvmThread> threads = discovery.threads(child.pid());

        assertThat(dumps).containsExactly(child.pid(), child.pid());
        assertNamesEachThreadByItsOwnId(child, threads);
    }

    @Test
    void explainsThatAJvmWithAttachDisabledCannotBeAsked() throws Exception {
        ReportingChild child = child(List.of(), List.of("-XX:+DisableAttachMechanism"));
        int pid = child.pid();

        assertThatThrownBy(() -> new JvmThreadDiscovery().threads(pid))
                .isInstanceOf(DriverException.class)
                .hasMessage("cannot read the Java thread names of PID " + pid + ": the JVM was started with "
                        + "-XX:+DisableAttachMechanism, so it cannot be asked for its thread names; start it "
                        + "without that option");
        assertThatThrownBy(() -> AttachApiDumpSource.create().orElseThrow().threadDump(pid))
                .hasMessage("cannot read the Java thread names of PID " + pid + ": it cannot be attached to: "
                        + "The VM does not support the attach mechanism");
        assertThatThrownBy(() -> JcmdDumpSource.ofRunningJdk().orElseThrow().threadDump(pid))
                .hasMessageStartingWith("cannot read the Java thread names of PID " + pid + ": ")
                .hasMessageEndingWith("failed (exit code 1): com.sun.tools.attach.AttachNotSupportedException: "
                        + "The VM does not support the attach mechanism");
        assertThat(child.isAlive()).isTrue();
    }

    @Test
    void aDumpLongerThanTheLimitIsNotReadAndTheJvmRunsOn() throws Exception {
        ReportingChild child = child(List.of(), List.of());
        int pid = child.pid();
        ByteSize small = ByteSize.kib(4);
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");

        assertThatThrownBy(() -> AttachApiDumpSource.create(small).orElseThrow().threadDump(pid))
                .hasMessage("cannot read the Java thread names of PID " + pid
                        + ": its thread dump is longer than the 4KiB a dump may have");
        assertThatThrownBy(() -> new JcmdDumpSource(jcmd, Duration.ofSeconds(60), small).threadDump(pid))
                .hasMessageMatching("cannot read the Java thread names of PID " + pid + ": " + jcmd
                        + " wrote a thread dump of [0-9]+ bytes, more than the 4KiB a dump may have");
        assertThat(child.isAlive()).isTrue();
        assertNamesEachThreadByItsOwnId(child, new JvmThreadDiscovery().threads(pid));
    }

    @Test
    void refusesToAttachToAProcessThatIsNotAJvmAndLeavesItRunning() throws Exception {
        Process sleeper = new ProcessBuilder("sleep", "600").start();
        children.add(() -> sleeper.destroyForcibly().waitFor());
        int pid = (int) sleeper.pid();

        assertThatThrownBy(() -> new JvmThreadDiscovery().threads(pid))
                .isInstanceOf(DriverException.class)
                .hasMessageStartingWith("cannot read the Java thread names of PID " + pid
                        + ": the process does not handle SIGQUIT, so it is not a running HotSpot JVM");
        assertThat(sleeper.isAlive()).isTrue();
    }

    @Test
    void reportsAJvmThatExited() throws Exception {
        ReportingChild child = child(List.of(), List.of());
        int pid = child.pid();
        child.close();

        assertThatThrownBy(() -> new JvmThreadDiscovery().threads(pid))
                .hasMessage("cannot read the Java thread names of PID " + pid + ": no such process");
    }

    @Test
    @EnabledIf(value = "rootWithSetpriv", disabledReason = "needs root and /usr/bin/setpriv")
    void attachesAsRootToAJvmOfAnotherUser() throws Exception {
        ReportingChild child = child(List.of("/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"),
                List.of());
        assertThat(ProcFs.system().statusField(child.pid(), "Uid")).hasValueSatisfying(uid ->
                assertThat(uid).startsWith("65534"));

        assertNamesEachThreadByItsOwnId(child, new JvmThreadDiscovery().threads(child.pid()));
    }
}
