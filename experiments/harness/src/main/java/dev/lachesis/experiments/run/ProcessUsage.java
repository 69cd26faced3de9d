package dev.lachesis.experiments.run;

import dev.lachesis.core.proc.ProcFs;
import dev.lachesis.core.proc.TaskStat;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * What a process has used so far, from {@code /proc}: CPU time (user + system), of the whole process
 * and of each of its threads, resident memory (now and at its peak) and thread count, so an
 * experiment can state the daemon's own cost and how the SPE's CPU was shared among its threads;
 * read through the daemon's {@link ProcFs}.
 */
public final class ProcessUsage {
    private static final ProcFs PROC = ProcFs.system();

    private ProcessUsage() {
    }

    /** CPU seconds {@code pid} has used (all its threads, user and system), or empty once it is gone. */
    public static Optional<Double> cpuSeconds(long pid) {
        return PROC.processStat(Math.toIntExact(pid)).map(TaskStat::cpuSeconds);
    }

    /**
     * CPU seconds each live thread of {@code pid} has used: thread id → seconds; a thread that ends
     * while they are read is left out, and a process that is gone has none.
     */
    public static Map<Long, Double> threadCpuSeconds(long pid) {
        int process = Math.toIntExact(pid);
        Map<Long, Double> threads = new TreeMap<>();
        for (int tid : PROC.tids(process)) {
            PROC.taskStat(process, tid).ifPresent(stat -> threads.put((long) tid, stat.cpuSeconds()));
        }
        return threads;
    }

    /** The peak resident set ({@code VmHWM}) of {@code pid} in MiB, or empty once it is gone. */
    public static Optional<Double> peakResidentMib(long pid) {
        return statusKib(pid, "VmHWM").map(kib -> kib / 1024.0);
    }

    /** The resident set ({@code VmRSS}) of {@code pid} now, in MiB, or empty once it is gone. */
    public static Optional<Double> residentMib(long pid) {
        return statusKib(pid, "VmRSS").map(kib -> kib / 1024.0);
    }

    /** How many threads {@code pid} has now, or empty once it is gone. */
    public static Optional<Integer> threads(long pid) {
        return statusKib(pid, "Threads").map(Math::toIntExact);
    }

    /** The number of a {@code /proc/<pid>/status} field, e.g. {@code VmRSS:  51234 kB} → 51234. */
    private static Optional<Long> statusKib(long pid, String field) {
        return PROC.statusField(Math.toIntExact(pid), field).map(value -> value.replaceAll("[^0-9]", ""))
                .filter(digits -> !digits.isEmpty()).map(Long::parseLong);
    }
}
