package dev.lachesis.translators.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.core.model.JvmThread;
import dev.lachesis.core.model.ThreadRef;
import dev.lachesis.core.proc.ProcFs;
import dev.lachesis.core.proc.TaskStat;
import dev.lachesis.testkit.ReportingChild;
import dev.lachesis.translators.cli.RestoreCommand;
import dev.lachesis.translators.cli.SetCommand;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * A restore journal is believed only when root (or the user running Lachesis) wrote it, through no
 * symbolic link, and its entries only touch the processes they were written for. The attacks are the
 * fault campaign's: a journal {@code nobody} wrote in a directory it owns asks root to give nobody's
 * process SCHED_FIFO 99; a journal path that is a link to another file; a process whose owner changed
 * after it was journalled. Real processes ({@code setpriv} runs one as nobody), read back from
 * {@code /proc}.
 */
@EnabledIf("dev.lachesis.translators.it.KernelGate#canUseRealTime")
class UntrustedJournalKernelTest {
    private static final int NOBODY = 65534;

    @TempDir
    Path tmp;
    private Process victim;
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @AfterEach
    void stop() throws Exception {
        if (victim != null) {
            victim.destroyForcibly();
            victim.waitFor();
        }
    }

    private int run(Object command, String... args) {
        return new CommandLine(command).setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true)).execute(args);
    }

    /** A journal record asking for SCHED_FIFO 99 as the "original" of {@code pid}'s main thread. */
    private static String fifo99(int pid) {
        ProcFs proc = ProcFs.system();
        long start = proc.processStat(pid).map(TaskStat::startTimeTicks).orElseThrow();
        int owner = proc.owner(pid).orElseThrow();
        return "thread\t" + pid + "\t" + start + "\t" + owner + "\t" + pid + "\t" + start + "\t1\t99\t0\t\tsleep\n";
    }

    private Process startAsNobody() throws Exception {
        Process p = new ProcessBuilder("setpriv", "--reuid=" + NOBODY, "--regid=" + NOBODY, "--clear-groups", "sleep", "120")
                .redirectErrorStream(true).start();
        int pid = (int) p.pid();
        org.awaitility.Awaitility.await().until(() -> ProcFs.system().owner(pid).orElse(-1) == NOBODY
                && ProcFs.system().comm(pid, pid).orElse("").equals("sleep"));
        return p;
    }

    private static void chown(Path p, String user) throws Exception {
        UserPrincipal owner = p.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName(user);
        Files.setOwner(p, owner);
    }

    @Test
    void aJournalNobodyWroteDoesNotMakeRootGiveNobodysProcessFifo99() throws Exception {
        victim = startAsNobody();
        int pid = (int) victim.pid();
        Path dir = Files.createDirectory(tmp.resolve("nobodys"));
        chown(dir, "nobody");
        Path journal = Files.writeString(dir.resolve("journal"), fifo99(pid));
        chown(journal, "nobody");

        int exit = run(new RestoreCommand(), "--journal", journal.toString());

        assertThat(err.toString()).isEqualTo("not restoring: the directory " + dir + " of the journal journal is owned by nobody"
                + " (uid 65534), not by root" + System.lineSeparator());
        assertThat(exit).isEqualTo(2);
        assertThat(out.toString()).isEmpty();
        assertThat(ProcReader.scheduler(pid, pid)).as("still SCHED_OTHER").isEqualTo("0/0");
    }

    @Test
    void aJournalNobodyOwnsInRootsDirectoryIsRefusedToo() throws Exception {
        victim = startAsNobody();
        int pid = (int) victim.pid();
        Path dir = Files.createDirectory(tmp.resolve("roots"), PosixFilePermissions.asFileAttribute(
                PosixFilePermissions.fromString("rwx------")));
        Path journal = Files.writeString(dir.resolve("journal"), fifo99(pid));
        chown(journal, "nobody");

        int exit = run(new RestoreCommand(), "--journal", journal.toString());

        assertThat(err.toString()).isEqualTo("not restoring: the journal " + journal + " is owned by nobody (uid 65534), not by root"
                + System.lineSeparator());
        assertThat(exit).isEqualTo(2);
        assertThat(ProcReader.scheduler(pid, pid)).isEqualTo("0/0");
    }

    @Test
    void setRefusesAJournalPathThatIsASymbolicLinkAndTheLinkedFileStaysAsItWas() throws Exception {
        try (ReportingChild child = ReportingChild.start(List.of(), ThreadsChild.class, "sleep:w-1")) {
            int inherited = ProcReader.nice(child.pid(), child.tid("w-1"));
            Path victimFile = Files.writeString(tmp.resolve("precious"), "precious\n");
            Path dir = Files.createDirectory(tmp.resolve("j"), PosixFilePermissions.asFileAttribute(
                    PosixFilePermissions.fromString("rwx------")));
            Path link = Files.createSymbolicLink(dir.resolve("journal"), victimFile);
            SetCommand set = new SetCommand(pid -> List.of(new JvmThread(new ThreadRef(pid, child.tid("w-1")), "w-1")));

            int exit = run(set, "--pid", Integer.toString(child.pid()), "--nice", "7", "--journal", link.toString());

            assertThat(err.toString()).isEqualTo("not changing any thread: the journal " + link + " is a symbolic link (to "
                    + victimFile + "); a journal must be a regular file" + System.lineSeparator());
            assertThat(exit).isEqualTo(2);
            assertThat(victimFile).hasContent("precious");
            assertThat(ProcReader.nice(child.pid(), child.tid("w-1"))).isEqualTo(inherited);
        }
    }

    @Test
    void anEntryIsNotAppliedToAProcessWhoseOwnerChangedSinceItWasJournalled() throws Exception {
        victim = new ProcessBuilder("perl", "-e", "$| = 1; print \"ready\\n\"; <STDIN>; ($<, $>) = (65534, 65534);"
                + " print(($< == 65534 && $> == 65534) ? \"dropped\\n\" : \"failed\\n\"); 1 while <STDIN>;")
                .redirectErrorStream(true).start();
        BufferedReader lines = new BufferedReader(new InputStreamReader(victim.getInputStream(), StandardCharsets.UTF_8));
        assertThat(lines.readLine()).isEqualTo("ready");
        int pid = (int) victim.pid();
        int inherited = ProcReader.nice(pid, pid);
        Path journal = tmp.resolve("j/journal");
        SetCommand set = new SetCommand(p -> List.of(new JvmThread(new ThreadRef(p, p), "perl")));
        assertThat(run(set, "--pid", Integer.toString(pid), "--nice", "7", "--journal", journal.toString())).isZero();
        assertThat(ProcReader.nice(pid, pid)).isEqualTo(7);

        victim.getOutputStream().write("drop\n".getBytes(StandardCharsets.UTF_8));
        victim.getOutputStream().flush();
        assertThat(lines.readLine()).isEqualTo("dropped");
        assertThat(ProcFs.system().owner(pid)).contains(NOBODY);
        out.getBuffer().setLength(0);

        int exit = run(new RestoreCommand(), "--journal", journal.toString());

        assertThat(err.toString()).isEmpty();
        assertThat(exit).isZero();
        assertThat(out.toString()).startsWith("restored 0 threads; 1 were gone or no longer matched their entries");
        assertThat(ProcReader.nice(pid, pid)).as("left as it is, not %d", inherited).isEqualTo(7);
    }
}
