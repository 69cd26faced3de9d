package dev.lachesis.server.status;

import dev.lachesis.core.proc.ProcFs;
import dev.lachesis.core.proc.TaskStat;
import java.util.Arrays;
import java.util.Optional;

/**
 * What the kernel says a thread runs with now, read from {@code /proc/<pid>/task/<tid>/stat} and
 * {@code cgroup}, so a status page shows the value in force beside the value the daemon set (they
 * differ when someone else changed the thread, or a change was refused). Immutable.
 *
 * @param policy the scheduling policy, e.g. {@code SCHED_OTHER}, {@code SCHED_RR}
 * @param nice the nice value
 * @param rtPriority the real-time priority, 0 for normal threads
 * @param cpuCgroup the thread's group in the cpu hierarchy ({@code cpu} controller line), or {@code null}
 */
public record ReadBack(String policy, int nice, int rtPriority, String cpuCgroup) {
    /** Reads the thread; empty when it is gone. */
    public static Optional<ReadBack> of(ProcFs proc, int pid, int tid) {
        Optional<TaskStat> stat = proc.taskStat(pid, tid);
        if (stat.isEmpty()) {
            return Optional.empty();
        }
        String cpuController = null;
        String unified = null;
        for (String line : proc.cgroups(pid, tid)) {
            String[] fields = line.split(":", 3);
            if (fields.length < 3) {
                continue;
            }
            if (fields[1].isEmpty()) {
                unified = fields[2];
            } else if (Arrays.asList(fields[1].split(",")).contains("cpu")) {
                cpuController = fields[2];
            }
        }
        String cgroup = cpuController != null ? cpuController : unified;
        TaskStat s = stat.get();
        return Optional.of(new ReadBack(policyName(s.policy()), s.nice(), s.rtPriority(), cgroup));
    }

    private static String policyName(int policy) {
        return switch (policy) {
            case 0 -> "SCHED_OTHER";
            case 1 -> "SCHED_FIFO";
            case 2 -> "SCHED_RR";
            case 3 -> "SCHED_BATCH";
            case 5 -> "SCHED_IDLE";
            case 6 -> "SCHED_DEADLINE";
            default -> "policy " + policy;
        };
    }
}
