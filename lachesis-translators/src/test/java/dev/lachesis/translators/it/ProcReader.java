package dev.lachesis.translators.it;

import dev.lachesis.core.proc.ProcFs;
import dev.lachesis.core.proc.TaskStat;

/** What a user would check in {@code /proc/<pid>/task/<tid>/}: stat fields 19, 40, 41 and the cgroup. */
public final class ProcReader {
    private ProcReader() {
    }

    public static TaskStat stat(int pid, int tid) {
        return ProcFs.system().taskStat(pid, tid).orElseThrow(() -> new AssertionError("no thread " + pid + "/" + tid));
    }

    public static int nice(int pid, int tid) {
        return stat(pid, tid).nice();
    }

    /** {@code policy/rtPriority}, e.g. {@code 2/50} for SCHED_RR 50. */
    public static String scheduler(int pid, int tid) {
        TaskStat s = stat(pid, tid);
        return s.policy() + "/" + s.rtPriority();
    }

    /** The thread's group in the v1 cpu hierarchy. */
    public static String cpuGroup(int pid, int tid) {
        for (String line : ProcFs.system().cgroups(pid, tid)) {
            String[] f = line.split(":", 3);
            if (f.length == 3 && java.util.Arrays.asList(f[1].split(",")).contains("cpu")) {
                return f[2];
            }
        }
        return "?";
    }
}
