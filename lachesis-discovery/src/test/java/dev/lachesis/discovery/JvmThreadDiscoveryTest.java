package dev.lachesis.discovery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.lachesis.core.model.JvmThread;
import dev.lachesis.core.proc.ProcFs;
import dev.lachesis.core.spi.DriverException;
import dev.lachesis.core.testing.ManualClock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Discovery against a fake {@code /proc} tree and a thread dump source that counts its dumps. */
class JvmThreadDiscoveryTest {
    private static final int PID = 700;

    @TempDir
    Path proc;

    private final List<Integer> dumpedPids = new ArrayList<>();
    private final StringBuilder dump = new StringBuilder();

    private final ManualClock clock = new ManualClock(Instant.parse("2026-11-23T12:00:00Z"));

    private JvmThreadDiscovery discovery() {
        return new JvmThreadDiscovery(new ProcFs(proc), pid -> {
            dumpedPids.add(pid);
            return dump.toString();
        }, clock);
    }

    private void process(int pid, long startTicks) throws IOException {
        Path dir = Files.createDirectories(proc.resolve(Integer.toString(pid)));
        Files.writeString(dir.resolve("stat"), pid + " (java) S 1 " + pid + " " + pid
                + " 0 -1 4194560 0 0 0 0 10 5 0 0 20 0 30 0 " + startTicks
                + " 0 0 18446744073709551615 0 0 0 0 0 0 0 0 0 0 0 0 17 1 0 0 0 0 0\n");
    }

    private void thread(int pid, int tid, String comm) throws IOException {
        Path dir = Files.createDirectories(proc.resolve(pid + "/task/" + tid));
        Files.writeString(dir.resolve("comm"), comm + "\n");
    }

    private void threadGone(int pid, int tid) throws IOException {
        try (Stream<Path> files = Files.walk(proc.resolve(pid + "/task/" + tid))) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    private void dumps(int tid, String name) {
        dump.append('"').append(name).append("\" #1 daemon prio=5 os_prio=0 tid=0x00007f0 nid=0x")
                .append(Integer.toHexString(tid)).append(" waiting on condition\n");
    }

    @Test
    void namesThreadsFromTheDumpAndTheOthersByTheirComm() throws Exception {
        process(PID, 1000);
        thread(PID, PID, "java");
        thread(PID, 701, "Thread-12-split");
        thread(PID, 702, "Thread-12-split");
        dumps(701, "Thread-12-split-executor[3, 3]");
        dumps(702, "Thread-12-split-executor[4, 4]");

        assertThat(discovery().threads(PID)).extracting(JvmThread::tid, JvmThread::name).containsExactly(
                tuple(PID, "java"),
                tuple(701, "Thread-12-split-executor[3, 3]"),
                tuple(702, "Thread-12-split-executor[4, 4]"));
    }

    @Test
    void dumpsAgainOnlyWhenANewThreadAppears() throws Exception {
        process(PID, 1000);
        thread(PID, 701, "worker-a");
        thread(PID, 702, "worker-b");
        dumps(701, "worker-a-long-name");
        dumps(702, "worker-b-long-name");
        JvmThreadDiscovery discovery = discovery();

        discovery.threads(PID);
        discovery.threads(PID);
        threadGone(PID, 702);
        List<JvmThread> afterExit = discovery.threads(PID);

        assertThat(dumpedPids).as("same or fewer threads: no new dump").containsExactly(PID);
        assertThat(afterExit).extracting(JvmThread::name).containsExactly("worker-a-long-name");

        thread(PID, 703, "worker-c");
        dumps(703, "worker-c-long-name");
        clock.advance(JvmThreadDiscovery.REDUMP_AFTER);
        List<JvmThread> afterStart = discovery.threads(PID);

        assertThat(dumpedPids).containsExactly(PID, PID);
        assertThat(afterStart).extracting(JvmThread::name).containsExactly("worker-a-long-name", "worker-c-long-name");
    }

    @Test
    void aThreadNewSoonAfterADumpGoesByItsCommUntilTheNextDumpIsDue() throws Exception {
        process(PID, 1000);
        thread(PID, 701, "worker-a");
        dumps(701, "worker-a-long-name");
        JvmThreadDiscovery discovery = discovery();
        discovery.threads(PID);

        thread(PID, 702, "Curator-Framew");
        dumps(702, "Curator-Framework-0");
        clock.advance(JvmThreadDiscovery.REDUMP_AFTER.minusSeconds(1));
        List<JvmThread> soon = discovery.threads(PID);
        clock.advance(Duration.ofSeconds(1));
        List<JvmThread> later = discovery.threads(PID);

        assertThat(soon).extracting(JvmThread::name).containsExactly("worker-a-long-name", "Curator-Framew");
        assertThat(later).extracting(JvmThread::name).containsExactly("worker-a-long-name", "Curator-Framework-0");
        assertThat(dumpedPids).containsExactly(PID, PID);
    }

    @Test
    void namesAThreadThatStartedBetweenListingAndDumpWithoutDumpingAgain() throws Exception {
        process(PID, 1000);
        thread(PID, 701, "main");
        dumps(701, "main");
        dumps(702, "Attach Listener");
        JvmThreadDiscovery discovery = discovery();
        discovery.threads(PID);

        thread(PID, 702, "Attach Listener");

        assertThat(discovery.threads(PID)).extracting(JvmThread::name).containsExactly("main", "Attach Listener");
        assertThat(dumpedPids).containsExactly(PID);
    }

    @Test
    void dumpsAgainWhenThePidBelongsToANewProcess() throws Exception {
        process(PID, 1000);
        thread(PID, 701, "old");
        dumps(701, "old-process-thread");
        JvmThreadDiscovery discovery = discovery();
        discovery.threads(PID);

        process(PID, 2000);
        dump.setLength(0);
        dumps(701, "new-process-thread");

        assertThat(discovery.threads(PID)).extracting(JvmThread::name).containsExactly("new-process-thread");
        assertThat(dumpedPids).hasSize(2);
    }

    @Test
    void asksAProcessWhoseDumpFailedAgainOnlyAfterAWhile() throws Exception {
        process(PID, 1000);
        thread(PID, 701, "x");
        ManualClock clock = new ManualClock(Instant.parse("2026-11-23T12:00:00Z"));
        JvmThreadDiscovery discovery = new JvmThreadDiscovery(new ProcFs(proc), pid -> {
            dumpedPids.add(pid);
            throw JvmThreadDiscovery.failure(pid, "attaching failed: target did not answer");
        }, clock);
        String message = "cannot read the Java thread names of PID 700: attaching failed: target did not answer";

        assertThatThrownBy(() -> discovery.threads(PID)).hasMessage(message);
        clock.advance(JvmThreadDiscovery.RETRY_AFTER.minusSeconds(1));
        assertThatThrownBy(() -> discovery.threads(PID)).hasMessage(message);
        assertThat(dumpedPids).containsExactly(PID);

        clock.advance(Duration.ofSeconds(1));
        assertThatThrownBy(() -> discovery.threads(PID)).hasMessage(message);
        assertThat(dumpedPids).containsExactly(PID, PID);

        process(PID, 2000);
        assertThatThrownBy(() -> discovery.threads(PID)).hasMessage(message);
        assertThat(dumpedPids).as("a new process behind the PID is asked at once").hasSize(3);
    }

    @Test
    void reportsAProcessThatIsGoneNamingItsPid() {
        assertThatThrownBy(() -> discovery().threads(4321))
                .isInstanceOf(DriverException.class)
                .hasMessage("cannot read the Java thread names of PID 4321: no such process");
        assertThat(dumpedPids).isEmpty();
    }

    @Test
    void passesOnTheDumpSourcesErrorUnchanged() throws Exception {
        process(PID, 1000);
        thread(PID, 701, "x");
        JvmThreadDiscovery discovery = new JvmThreadDiscovery(new ProcFs(proc), pid -> {
            throw JvmThreadDiscovery.failure(pid,
                    "it cannot be attached to:\n  The VM does not support the attach mechanism");
        });

        assertThatThrownBy(() -> discovery.threads(PID))
                .hasMessage("cannot read the Java thread names of PID 700: it cannot be attached to: "
                        + "The VM does not support the attach mechanism");
    }
}
