package dev.lachesis.discovery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lachesis.core.proc.ProcFs;
import dev.lachesis.core.spi.DriverException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The checks made before attaching, against a fake {@code /proc} tree. */
class AttachPreflightTest {
    private static final int DAEMON = 10;
    private static final int TARGET = 20;
    /** {@code SigCgt} of a JDK 17 JVM: SIGQUIT (bit 2) among the caught signals. */
    private static final String JVM_SIGNALS = "0000000101005ccd";
    /** {@code SigCgt} of a process that does not catch SIGQUIT. */
    private static final String OTHER_SIGNALS = "00000000000004e8";

    @TempDir
    Path proc;

    private void process(int pid, String uid, String gid, String caught, String... cmdline) throws IOException {
        Path dir = Files.createDirectories(proc.resolve(Integer.toString(pid)));
        Files.writeString(dir.resolve("status"), "Name:\tjava\nUid:\t" + uid + "\t" + uid + "\t" + uid + "\t" + uid
                + "\nGid:\t" + gid + "\t" + gid + "\t" + gid + "\t" + gid + "\nNSpid:\t" + pid + "\t1\nSigCgt:\t"
                + caught + "\n");
        Files.writeString(dir.resolve("cmdline"), String.join("\0", cmdline) + "\0");
    }

    private void check() throws DriverException {
        new AttachPreflight(new ProcFs(proc), DAEMON).check(TARGET);
    }

    @Test
    void letsAJvmOfTheSameUserThrough() throws IOException {
        process(DAEMON, "1000", "1000", JVM_SIGNALS, "java");
        process(TARGET, "1000", "1000", JVM_SIGNALS, "java", "-cp", "storm.jar");

        assertThatCode(this::check).doesNotThrowAnyException();
    }

    @Test
    void letsRootAttachToAJvmOfAnotherUser() throws IOException {
        process(DAEMON, "0", "0", JVM_SIGNALS, "java");
        process(TARGET, "1000", "1000", JVM_SIGNALS, "java");

        assertThatCode(this::check).doesNotThrowAnyException();
    }

    @Test
    void refusesAJvmOfAnotherUserWhenNotRoot() throws IOException {
        process(DAEMON, "1000", "1000", JVM_SIGNALS, "java");
        process(TARGET, "1001", "1000", JVM_SIGNALS, "java");

        assertThatThrownBy(this::check).hasMessage("cannot read the Java thread names of PID 20: the JVM runs as "
                + "uid 1001 gid 1000 and Lachesis as uid 1000 gid 1000; a JVM lets only root or its own user and "
                + "group attach, so run Lachesis as root or as that user");
    }

    @Test
    void refusesAJvmStartedWithAttachDisabled() throws IOException {
        process(DAEMON, "0", "0", JVM_SIGNALS, "java");
        process(TARGET, "0", "0", JVM_SIGNALS, "java", "-XX:+DisableAttachMechanism", "Main");

        assertThatThrownBy(this::check).hasMessageContaining("PID 20: the JVM was started with "
                + "-XX:+DisableAttachMechanism");
    }

    @Test
    void refusesAProcessThatSigquitWouldKill() throws IOException {
        process(DAEMON, "0", "0", JVM_SIGNALS, "java");
        process(TARGET, "0", "0", OTHER_SIGNALS, "/usr/bin/python3", "app.py");

        assertThatThrownBy(this::check).hasMessage("cannot read the Java thread names of PID 20: the process does "
                + "not handle SIGQUIT, so it is not a running HotSpot JVM or was started with -Xrs; attaching "
                + "would kill it (/usr/bin/python3)");
    }

    @Test
    void letsAJvmWithoutSigquitThroughWhenItsAttachListenerIsRunning() throws IOException {
        process(DAEMON, "0", "0", JVM_SIGNALS, "java");
        process(TARGET, "0", "0", OTHER_SIGNALS, "java", "-Xrs", "-XX:+StartAttachListener", "Main");
        Path tmp = Files.createDirectories(proc.resolve(TARGET + "/root/tmp"));
        Files.createFile(tmp.resolve(".java_pid1"));

        assertThatCode(this::check).doesNotThrowAnyException();
    }

    @Test
    void removesAnAttachSocketLeftByAnEarlierJvmWithTheSamePidAndRefusesWithoutSigquit() throws IOException {
        process(DAEMON, "0", "0", JVM_SIGNALS, "java");
        process(TARGET, "0", "0", OTHER_SIGNALS, "java", "-Xrs", "Main");
        startedSecondsAgo(TARGET, 10);
        Path socket = Files.createFile(Files.createDirectories(proc.resolve(TARGET + "/root/tmp")).resolve(".java_pid1"));
        Files.setLastModifiedTime(socket, FileTime.from(Instant.now().minusSeconds(3600)));

        assertThatThrownBy(this::check).hasMessageContaining("does not handle SIGQUIT");
        assertThat(socket).doesNotExist();
    }

    @Test
    void keepsAnAttachSocketMadeByTheRunningJvm() throws IOException {
        process(DAEMON, "0", "0", JVM_SIGNALS, "java");
        process(TARGET, "0", "0", OTHER_SIGNALS, "java", "-Xrs", "-XX:+StartAttachListener", "Main");
        startedSecondsAgo(TARGET, 3600);
        Path socket = Files.createFile(Files.createDirectories(proc.resolve(TARGET + "/root/tmp")).resolve(".java_pid1"));
        Files.setLastModifiedTime(socket, FileTime.from(Instant.now().minusSeconds(1800)));

        assertThatCode(this::check).doesNotThrowAnyException();
        assertThat(socket).exists();
    }

    /** A {@code stat} line and {@code /proc/uptime} placing the start of {@code pid} that long ago. */
    private void startedSecondsAgo(int pid, int seconds) throws IOException {
        long uptimeSeconds = 100_000;
        Files.writeString(proc.resolve("uptime"), uptimeSeconds + ".00 1.00\n");
        StringBuilder stat = new StringBuilder(pid + " (java) S");
        for (int field = 4; field <= 52; field++) {
            stat.append(' ').append(field == 22 ? (uptimeSeconds - seconds) * 100 : 0);
        }
        Files.writeString(proc.resolve(pid + "/stat"), stat + "\n");
    }

    @Test
    void reportsAProcessThatIsGone() throws IOException {
        process(DAEMON, "0", "0", JVM_SIGNALS, "java");

        assertThatThrownBy(this::check).hasMessage("cannot read the Java thread names of PID 20: no such process");
    }
}
