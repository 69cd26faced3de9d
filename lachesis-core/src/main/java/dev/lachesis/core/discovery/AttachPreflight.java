package dev.lachesis.core.discovery;

import dev.lachesis.core.proc.ProcFs;
import dev.lachesis.core.spi.DriverException;
import java.nio.file.Files;
import java.util.List;
import java.util.Optional;

/**
 * Checks, before anything attaches to a process, that attaching can work and cannot harm it. The
 * JDK's attach (in-process or through {@code jcmd}) starts a JVM's attach listener by sending it
 * {@code SIGQUIT}; a process that does not handle that signal (not a JVM, or a JVM started with
 * {@code -Xrs}) is killed by it, and a JVM started with {@code -XX:+DisableAttachMechanism} prints
 * a thread dump on its console and never answers. Both are refused here with a clear reason,
 * unless the attach listener is already running (its socket exists), in which case no signal is
 * sent. Stateless; thread-safe.
 */
final class AttachPreflight {
    /** Bit of {@code SIGQUIT} (signal 3) in the {@code SigCgt} mask of {@code /proc/<pid>/status}. */
    private static final long SIGQUIT_BIT = 1L << (3 - 1);

    private final ProcFs procFs;

    AttachPreflight(ProcFs procFs) {
        this.procFs = procFs;
    }

    /**
     * @throws DriverException naming the PID and why it cannot be attached to
     */
    void check(int pid) throws DriverException {
        if (!procFs.isAlive(pid)) {
            throw JvmThreadDiscovery.failure(pid, "no such process");
        }
        List<String> cmdline = procFs.cmdline(pid);
        if (cmdline.contains("-XX:+DisableAttachMechanism")) {
            throw JvmThreadDiscovery.failure(pid, "the JVM was started with -XX:+DisableAttachMechanism, "
                    + "so it cannot be asked for its thread names; start it without that option");
        }
        if (!listenerRunning(pid) && !handlesSigquit(pid)) {
            throw JvmThreadDiscovery.failure(pid, "the process does not handle SIGQUIT, so it is not a running "
                    + "HotSpot JVM or was started with -Xrs; attaching would kill it ("
                    + (cmdline.isEmpty() ? "no command line" : cmdline.get(0)) + ")");
        }
    }

    private boolean handlesSigquit(int pid) {
        Optional<String> caught = procFs.statusField(pid, "SigCgt");
        if (caught.isEmpty()) {
            return false;
        }
        try {
            return (Long.parseUnsignedLong(caught.get(), 16) & SIGQUIT_BIT) != 0;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** Whether the JVM's attach socket exists: {@code /proc/<pid>/root/tmp/.java_pid<pid in its namespace>}. */
    private boolean listenerRunning(int pid) {
        String namespacePid = procFs.statusField(pid, "NSpid")
                .map(s -> s.split("\\s+"))
                .map(ids -> ids[ids.length - 1])
                .orElse(Integer.toString(pid));
        return Files.exists(procFs.root().resolve(Integer.toString(pid)).resolve("root").resolve("tmp")
                .resolve(".java_pid" + namespacePid));
    }
}
