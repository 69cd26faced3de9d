package dev.lachesis.experiments.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * How the kernel schedules one thread, read back from {@code /proc/<pid>/task/<tid>/stat}: what
 * the demo shows as "applied" and compares before and after the daemon to prove it restored every
 * thread. Immutable.
 *
 * @param policy the scheduling policy number (0 SCHED_OTHER, 1 FIFO, 2 RR, 3 BATCH, 5 IDLE)
 * @param rtPriority the real-time priority, 0 for non-RT threads
 * @param nice the nice value
 */
public record ThreadSched(int policy, int rtPriority, int nice) {
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

    /**
     * Parses a stat line: the fields after the command name in parentheses (which may hold spaces
     * and parentheses itself); empty when the line is cut short.
     */
    public static Optional<ThreadSched> parse(String stat) {
        int close = stat.lastIndexOf(')');
        if (close < 0) {
            return Optional.empty();
        }
        String[] f = stat.substring(close + 2).trim().split(" ");
        // f[0] is field 3 (state): nice is field 19, rt_priority field 40, policy field 41.
        if (f.length < 39) {
            return Optional.empty();
        }
        try {
            return Optional.of(new ThreadSched(Integer.parseInt(f[38]), Integer.parseInt(f[37]), Integer.parseInt(f[16])));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** The thread's current scheduling, or empty when it is gone. */
    public static Optional<ThreadSched> of(long pid, long tid) {
        try {
            return parse(Files.readString(Path.of("/proc", Long.toString(pid), "task", Long.toString(tid), "stat")));
        } catch (IOException gone) {
            // NoSuchFileException when the thread exited; any other failure reads as gone too
            return Optional.empty();
        }
    }

    /** Every live thread of {@code pid}: thread id → scheduling; empty when the process is gone. */
    public static Map<Long, ThreadSched> allOf(long pid) {
        Map<Long, ThreadSched> threads = new TreeMap<>();
        try (Stream<Path> tasks = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
            tasks.forEach(task -> {
                long tid = Long.parseLong(task.getFileName().toString());
                of(pid, tid).ifPresent(s -> threads.put(tid, s));
            });
        } catch (IOException gone) {
            return Map.of();
        }
        return threads;
    }
}
