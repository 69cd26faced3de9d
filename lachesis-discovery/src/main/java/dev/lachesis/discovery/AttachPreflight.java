package dev.lachesis.discovery;

import dev.lachesis.core.proc.ProcFs;
import dev.lachesis.core.spi.DriverException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Checks, before anything attaches to a process, that attaching can work and cannot harm it. The
 * JDK's attach (in-process or through {@code jcmd}) starts a JVM's attach listener by sending it
 * {@code SIGQUIT}; a process that does not handle that signal (not a JVM, or a JVM started with
 * {@code -Xrs}) is killed by it, and a JVM started with {@code -XX:+DisableAttachMechanism} prints
 * a thread dump on its console and never answers. Both are refused here with a clear reason,
 * unless the attach listener is already running (its socket exists), in which case no signal is
 * sent. So is a JVM of another user when the daemon is not root: the JVM would refuse it anyway,
 * after the JDK's 10-second attach timeout. A socket older than the process is left by an earlier
 * JVM that had the same PID and was killed: the JDK would connect to it and fail with "Connection
 * refused" at every round, so it is removed and the JVM is signalled as usual. Stateless;
 * thread-safe.
 */
final class AttachPreflight {
    private static final Logger LOG = LoggerFactory.getLogger(AttachPreflight.class);
    /** How much older than the process's start (known to the clock tick) a socket must be to be stale. */
    private static final double STALE_MARGIN_SECONDS = 1.0;
    /** Bit of {@code SIGQUIT} (signal 3) in the {@code SigCgt} mask of {@code /proc/<pid>/status}. */
    private static final long SIGQUIT_BIT = 1L << (3 - 1);

    private final ProcFs procFs;
    private final int ownPid;

    /**
     * @param ownPid this daemon's PID, whose {@code status} in {@code procFs} gives the user it runs as
     */
    AttachPreflight(ProcFs procFs, int ownPid) {
        this.procFs = procFs;
        this.ownPid = ownPid;
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
        Optional<String> otherUser = otherUser(pid);
        if (otherUser.isPresent()) {
            throw JvmThreadDiscovery.failure(pid, otherUser.get());
        }
        if (!listenerRunning(pid) && !handlesSigquit(pid)) {
            throw JvmThreadDiscovery.failure(pid, "the process does not handle SIGQUIT, so it is not a running "
                    + "HotSpot JVM or was started with -Xrs; attaching would kill it ("
                    + (cmdline.isEmpty() ? "no command line" : cmdline.get(0)) + ")");
        }
    }

    /**
     * Why the daemon's user may not attach to {@code pid}: a JVM accepts an attach only from root or
     * from a process with its own effective user and group ids.
     */
    private Optional<String> otherUser(int pid) {
        Optional<String> ownUid = effectiveId(ownPid, "Uid");
        if (ownUid.isEmpty() || ownUid.get().equals("0")) {
            return Optional.empty();
        }
        Optional<String> uid = effectiveId(pid, "Uid");
        Optional<String> gid = effectiveId(pid, "Gid");
        Optional<String> ownGid = effectiveId(ownPid, "Gid");
        if (uid.isPresent() && !uid.equals(ownUid) || gid.isPresent() && !gid.equals(ownGid)) {
            return Optional.of("the JVM runs as uid " + uid.orElse("?") + " gid " + gid.orElse("?")
                    + " and Lachesis as uid " + ownUid.get() + " gid " + ownGid.orElse("?")
                    + "; a JVM lets only root or its own user and group attach, so run Lachesis as root"
                    + " or as that user");
        }
        return Optional.empty();
    }

    /** The effective id of a {@code Uid:} or {@code Gid:} line of {@code status}: real, effective, saved, fs. */
    private Optional<String> effectiveId(int pid, String field) {
        return procFs.statusField(pid, field)
                .map(s -> s.split("\\s+"))
                .filter(ids -> ids.length >= 2)
                .map(ids -> ids[1]);
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

    /**
     * Whether the JVM's attach socket, {@code /proc/<pid>/root/tmp/.java_pid<pid in its namespace>},
     * exists; one older than the process is removed as stale.
     */
    private boolean listenerRunning(int pid) throws DriverException {
        String namespacePid = procFs.statusField(pid, "NSpid")
                .map(s -> s.split("\\s+"))
                .map(ids -> ids[ids.length - 1])
                .orElse(Integer.toString(pid));
        Path socket = procFs.root().resolve(Integer.toString(pid)).resolve("root").resolve("tmp")
                .resolve(".java_pid" + namespacePid);
        try {
            if (!Files.exists(socket)) {
                return false;
            }
            double modifiedSeconds = Files.getLastModifiedTime(socket).toMillis() / 1000.0;
            Optional<Double> started = procFs.startEpochSeconds(pid, Instant.now());
            if (started.isEmpty() || modifiedSeconds >= started.get() - STALE_MARGIN_SECONDS) {
                return true;
            }
            Files.deleteIfExists(socket);
            LOG.info("Removed the attach socket {} of PID {}: it predates the process, left by an earlier JVM "
                    + "with the same PID", socket, pid);
            return false;
        } catch (IOException e) {
            throw JvmThreadDiscovery.failure(pid, "its attach socket " + socket + " is older than the process "
                    + "(left by an earlier JVM with the same PID) and cannot be removed: " + e.getMessage());
        }
    }
}
