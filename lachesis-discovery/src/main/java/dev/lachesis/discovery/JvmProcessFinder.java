package dev.lachesis.discovery;

import dev.lachesis.core.proc.ProcFs;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Finds an SPE's JVMs by their command lines in {@code /proc}, so drivers need no configured PIDs:
 * a process is a match when its executable is a {@code java} binary and the driver's test accepts
 * its {@link JavaCommandLine} (a main class such as
 * {@code org.apache.flink.runtime.taskexecutor.TaskManagerRunner}, or a jar name on its class path).
 * The daemon's own process is never a match. Shared by all drivers; stateless and thread-safe.
 */
public final class JvmProcessFinder {
    private final ProcFs proc;
    private final long self;

    /**
     * @param proc where to read process command lines
     * @param selfPid the daemon's own PID, never reported
     */
    public JvmProcessFinder(ProcFs proc, long selfPid) {
        this.proc = proc;
        this.self = selfPid;
    }

    /** A finder over the machine's {@code /proc} that skips the current JVM. */
    public static JvmProcessFinder system() {
        return new JvmProcessFinder(ProcFs.system(), ProcessHandle.current().pid());
    }

    /** The JVMs whose command line {@code accepts}, ascending by PID. A process that exits while it is read is left out. */
    public List<Integer> find(Predicate<JavaCommandLine> accepts) {
        List<Integer> found = new ArrayList<>();
        for (int pid : proc.pids()) {
            if (pid != self && JavaCommandLine.parse(proc.cmdline(pid)).filter(accepts).isPresent()) {
                found.add(pid);
            }
        }
        return List.copyOf(found);
    }
}
