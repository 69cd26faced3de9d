package dev.lachesis.translators.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.testkit.ReportingChild;
import dev.lachesis.translators.Machine;
import dev.lachesis.translators.cli.RestoreCommand;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * A daemon-like child JVM changes a target's threads with three translators sharing a journal and is
 * killed with SIGKILL; {@code lachesis restore} then puts back every nice value, policy and cgroup
 * and removes the group the dead daemon created.
 */
@ExtendWith(KernelGate.RtGroupScheduling.class)
class CrashRestoreKernelTest {
    @TempDir
    Path tmp;

    @Test
    void restoreAfterKillMinusNinePutsEveryThreadBack() throws Exception {
        Path mount = Machine.system().cgroups().orElseThrow().mount();
        String root = "lachesis-it-crash-" + UUID.randomUUID().toString().substring(0, 8);
        Path journal = tmp.resolve("journal");
        try (ReportingChild target = ReportingChild.start(List.of(), ThreadsChild.class, "sleep:w-1", "sleep:w-2", "sleep:w-3")) {
            Map<Integer, String> originals = new LinkedHashMap<>();
            for (int tid : target.tids().values()) {
                originals.put(tid, observed(target.pid(), tid));
            }
            try (ReportingChild daemon = ReportingChild.start(List.of(), ApplyingDaemon.class, journal.toString(), root,
                    Integer.toString(target.pid()), Integer.toString(target.tid("w-1")), Integer.toString(target.tid("w-2")),
                    Integer.toString(target.tid("w-3")))) {
                assertThat(ProcReader.nice(target.pid(), target.tid("w-1"))).isEqualTo(-20);
                assertThat(ProcReader.nice(target.pid(), target.tid("w-2"))).isEqualTo(19);
                assertThat(ProcReader.scheduler(target.pid(), target.tid("w-3"))).isEqualTo("2/99");
                assertThat(ProcReader.cpuGroup(target.pid(), target.tid("w-3"))).isEqualTo("/" + root + "/all");

                assertThat(daemon.kill()).as("killed by SIGKILL").isEqualTo(128 + 9);
            }
            assertThat(ProcReader.nice(target.pid(), target.tid("w-1"))).as("nothing restored by the dead daemon").isEqualTo(-20);

            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int exit = new CommandLine(new RestoreCommand()).setOut(new PrintWriter(out)).setErr(new PrintWriter(err))
                    .execute("--journal", journal.toString());

            assertThat(err.toString()).isEmpty();
            assertThat(exit).isZero();
            assertThat(out.toString()).contains("restored 3 threads").contains("removed 2 groups");
            for (Map.Entry<Integer, String> o : originals.entrySet()) {
                assertThat(observed(target.pid(), o.getKey())).isEqualTo(o.getValue());
            }
            assertThat(mount.resolve(root)).doesNotExist();
            assertThat(journal).doesNotExist();
        } finally {
            cleanUp(mount.resolve(root));
        }
    }

    static String observed(int pid, int tid) {
        return "nice=" + ProcReader.nice(pid, tid) + " sched=" + ProcReader.scheduler(pid, tid) + " cgroup="
                + ProcReader.cpuGroup(pid, tid);
    }

    /** Removes what a failed run may have left: the groups (their threads are gone with the child). */
    static void cleanUp(Path group) throws Exception {
        if (Files.isDirectory(group)) {
            try (var children = Files.list(group)) {
                for (Path c : children.filter(Files::isDirectory).toList()) {
                    Files.delete(c);
                }
            }
            Files.delete(group);
        }
    }
}
