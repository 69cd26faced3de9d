package dev.lachesis.experiments.run;

import dev.lachesis.core.proc.ProcFs;
import dev.lachesis.core.proc.TaskStat;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * How the kernel schedules one thread, read back from {@code /proc/<pid>/task/<tid>/stat} through the
 * daemon's {@link ProcFs}: what
 * the demo shows as "applied" and compares before and after the daemon to prove it restored every
 * thread. Immutable.
 *
 * @param policy the scheduling policy number (0 SCHED_OTHER, 1 FIFO, 2 RR, 3 BATCH, 5 IDLE)
 * @param rtPriority the real-time priority, 0 for non-RT threads
 * @param nice the nice value
 */
public record ThreadSched(int policy, int rtPriority, int nice) {
    private static final ProcFs PROC = ProcFs.system();
    private static final String[] POLICIES = {"OTHER", "FIFO", "RR", "BATCH", "ISO", "IDLE", "DEADLINE"};

    /** Whether the thread runs SCHED_FIFO or SCHED_RR. */
    public boolean isRealTime() {
        return policy == 1 || policy == 2;
    }

    /** {@code nice 0}, {@code RR 42}, {@code FIFO 7}: what a person reading the table wants. */
    public String label() {
        if (isRealTime()) {
            return POLICIES[policy] + " " + rtPriority;
        }
        return (policy == 0 ? "" : POLICIES[Math.min(policy, POLICIES.length - 1)] + " ") + "nice " + nice;
    }

    /** The scheduling fields of a thread's {@code stat} line. */
    public static ThreadSched of(TaskStat stat) {
        return new ThreadSched(stat.policy(), stat.rtPriority(), stat.nice());
    }

    /** The thread's current scheduling, or empty when it is gone. */
    public static Optional<ThreadSched> of(long pid, long tid) {
        return PROC.taskStat(Math.toIntExact(pid), Math.toIntExact(tid)).map(ThreadSched::of);
    }

    /** Every live thread of {@code pid}: thread id → scheduling; empty when the process is gone. */
    public static Map<Long, ThreadSched> allOf(long pid) {
        Map<Long, ThreadSched> threads = new TreeMap<>();
        for (int tid : PROC.tids(Math.toIntExact(pid))) {
            of(pid, tid).ifPresent(s -> threads.put((long) tid, s));
        }
        return threads;
    }
}
