package dev.lachesis.core.discovery;

import dev.lachesis.core.proc.ProcFs;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * Finds an SPE's worker JVMs by their command lines in {@code /proc}, so drivers need no configured
 * PIDs: a process is a match when its executable is a {@code java} binary and one of its arguments
 * contains one of the given markers (a main class such as
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

    /**
     * The JVMs whose command line has an argument containing any of {@code markers}, ascending by PID.
     * A process that exits while it is read is left out.
     */
    public List<Integer> find(Collection<String> markers) {
        List<Integer> found = new ArrayList<>();
        for (int pid : proc.pids()) {
            if (pid == self) {
                continue;
            }
            List<String> args = proc.cmdline(pid);
            if (!args.isEmpty() && isJava(args.get(0)) && mentionsAny(args, markers)) {
                found.add(pid);
            }
        }
        return List.copyOf(found);
    }

    private static boolean isJava(String executable) {
        Path name = Path.of(executable).getFileName();
        return name != null && name.toString().equals("java");
    }

    private static boolean mentionsAny(List<String> args, Collection<String> markers) {
        for (int i = 1; i < args.size(); i++) {
            for (String marker : markers) {
                if (args.get(i).contains(marker)) {
                    return true;
                }
            }
        }
        return false;
    }
}
