package dev.lachesis.translators.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.core.model.JvmThread;
import dev.lachesis.core.model.ThreadRef;
import dev.lachesis.core.spi.JvmThreadLister;
import dev.lachesis.testkit.ReportingChild;
import dev.lachesis.translators.Machine;
import dev.lachesis.translators.it.ProcReader;
import dev.lachesis.translators.it.ThreadsChild;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code lachesis set} and {@code lachesis restore} on a JVM with long-named threads: only the threads
 * whose full Java names match get the value in {@code /proc}, and restore brings all back. The thread
 * lister is a stand-in fed with the names the child printed (the real one lives in lachesis-core).
 */
@EnabledIf("dev.lachesis.translators.it.KernelGate#hasRtGroupScheduling")
class SetCommandKernelTest {
    private static final String EXECUTOR_1 = "Thread-12-split-sentence-executor[3, 3]";
    private static final String EXECUTOR_2 = "Thread-13-split-sentence-executor[4, 4]";
    private static final String OTHER = "Thread-14-count-executor[5, 5]";

    @TempDir
    Path tmp;
    private ReportingChild child;
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeEach
    void start() throws Exception {
        child = ReportingChild.start(List.of(), ThreadsChild.class, "sleep:" + EXECUTOR_1, "sleep:" + EXECUTOR_2, "sleep:" + OTHER);
    }

    @AfterEach
    void stop() {
        try {
            run(new RestoreCommand(), "--journal", tmp.resolve("journal").toString());
        } finally {
            child.close();
        }
    }

    private JvmThreadLister lister() {
        return pid -> child.tids().entrySet().stream()
                .map(e -> new JvmThread(new ThreadRef(pid, e.getValue()), e.getKey())).toList();
    }

    private int run(Object command, String... args) {
        return new CommandLine(command).setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true)).execute(args);
    }

    private int set(String... args) {
        String[] all = new String[args.length + 4];
        all[0] = "--pid";
        all[1] = Integer.toString(child.pid());
        all[2] = "--journal";
        all[3] = tmp.resolve("journal").toString();
        System.arraycopy(args, 0, all, 4, args.length);
        return run(new SetCommand(lister()), all);
    }

    @Test
    void niceOnlyTheMatchingThreadsThenRestore() {
        int inherited = ProcReader.nice(child.pid(), child.tid(OTHER)); // 0, or 19 when the build runs under nice
        assertThat(set("--threads", "Thread-\\d+-split-sentence-executor.*", "--nice", "7")).isZero();
        assertThat(ProcReader.nice(child.pid(), child.tid(EXECUTOR_1))).isEqualTo(7);
        assertThat(ProcReader.nice(child.pid(), child.tid(EXECUTOR_2))).isEqualTo(7);
        assertThat(ProcReader.nice(child.pid(), child.tid(OTHER))).isEqualTo(inherited);
        assertThat(out.toString()).contains("'" + EXECUTOR_1 + "' -> nice 7").contains("2 of 2 matching threads changed");

        assertThat(run(new RestoreCommand(), "--journal", tmp.resolve("journal").toString())).isZero();
        assertThat(ProcReader.nice(child.pid(), child.tid(EXECUTOR_1))).isEqualTo(inherited);
        assertThat(tmp.resolve("journal")).doesNotExist();
    }

    @Test
    void roundRobinAndFifoThenRestore() {
        assertThat(set("--threads", ".*\\[3, 3\\]", "--rr", "20")).isZero();
        assertThat(set("--threads", ".*count.*", "--fifo", "5")).isZero();
        assertThat(ProcReader.scheduler(child.pid(), child.tid(EXECUTOR_1))).isEqualTo("2/20");
        assertThat(ProcReader.scheduler(child.pid(), child.tid(EXECUTOR_2))).isEqualTo("0/0");
        assertThat(ProcReader.scheduler(child.pid(), child.tid(OTHER))).isEqualTo("1/5");

        assertThat(run(new RestoreCommand(), "--journal", tmp.resolve("journal").toString())).isZero();
        assertThat(ProcReader.scheduler(child.pid(), child.tid(EXECUTOR_1))).isEqualTo("0/0");
        assertThat(ProcReader.scheduler(child.pid(), child.tid(OTHER))).isEqualTo("0/0");
    }

    @Test
    void sharesPutTheThreadsInAGroupAndRestoreRemovesIt() throws Exception {
        String root = "lachesis-it-set-" + UUID.randomUUID().toString().substring(0, 8);
        Path mount = Machine.system().cgroups().orElseThrow().mount();
        assertThat(set("--threads", ".*count.*", "--shares", "512", "--group", "pinned", "--cgroup-root", root)).isZero();
        assertThat(ProcReader.cpuGroup(child.pid(), child.tid(OTHER))).isEqualTo("/" + root + "/pinned");
        assertThat(java.nio.file.Files.readString(mount.resolve(root + "/pinned/cpu.shares")).strip()).isEqualTo("512");

        assertThat(run(new RestoreCommand(), "--journal", tmp.resolve("journal").toString())).isZero();
        assertThat(ProcReader.cpuGroup(child.pid(), child.tid(OTHER))).isEqualTo("/");
        assertThat(mount.resolve(root)).doesNotExist();
    }

    @Test
    void clearErrorsForBadInput() {
        assertThat(set("--threads", "nothing-like-this", "--nice", "3")).isEqualTo(1);
        assertThat(err.toString()).contains("no thread of pid " + child.pid() + " has a name matching 'nothing-like-this'");
        assertThat(set("--nice", "30")).isEqualTo(2);
        assertThat(err.toString()).contains("--nice was '30' but must be from -20 to 19");
        assertThat(set("--threads", "([", "--rr", "3")).isEqualTo(2);
        assertThat(err.toString()).contains("--threads '([' is not a regular expression");
        assertThat(set("--nice", "1", "--rr", "3")).isEqualTo(2);
        assertThat(err.toString()).contains("mutually exclusive");
    }
}
