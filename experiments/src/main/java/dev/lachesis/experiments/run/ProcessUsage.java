package dev.lachesis.experiments.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * What a process has used so far, from {@code /proc}: CPU time (user + system), of the whole process
 * and of each of its threads, resident memory (now and at its peak) and thread count, so an
 * experiment can state the daemon's own cost and how the SPE's CPU was shared among its threads.
 * The experiments' class path carries the SPE, not the daemon's core, hence this small reader of
 * its own.
 */
public final class ProcessUsage {
    /** The kernel's USER_HZ: {@code /proc/<pid>/stat} counts CPU time in hundredths of a second. */
    private static final double TICKS_PER_SECOND = 100;

    private ProcessUsage() {
    }

    /** CPU seconds {@code pid} has used (all its threads, user and system), or empty once it is gone. */
    public static Optional<Double> cpuSeconds(long pid) {
        return cpuSeconds(Path.of("/proc", Long.toString(pid), "stat"));
    }

    /**
     * CPU seconds each live thread of {@code pid} has used: thread id → seconds; a thread that ends
     * while they are read is left out, and a process that is gone has none.
     */
    public static Map<Long, Double> threadCpuSeconds(long pid) {
        Map<Long, Double> threads = new TreeMap<>();
        try (Stream<Path> tasks = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
            tasks.forEach(task -> cpuSeconds(task.resolve("stat"))
                    .ifPresent(seconds -> threads.put(Long.parseLong(task.getFileName().toString()), seconds)));
        } catch (IOException | UncheckedIOException gone) {
            return Map.of();
        }
        return threads;
    }

    /** The utime + stime of a {@code stat} file of a process or thread, or empty once it is gone. */
    private static Optional<Double> cpuSeconds(Path stat) {
        try {
            String line = Files.readString(stat);
            // After "(comm) ": state is field 3, utime field 14, stime field 15.
            String[] f = line.substring(line.lastIndexOf(')') + 2).trim().split(" ");
            return Optional.of((Long.parseLong(f[11]) + Long.parseLong(f[12])) / TICKS_PER_SECOND);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** The peak resident set ({@code VmHWM}) of {@code pid} in MiB, or empty once it is gone. */
    public static Optional<Double> peakResidentMib(long pid) {
        return statusKib(pid, "VmHWM:").map(kib -> kib / 1024.0);
    }

    /** The resident set ({@code VmRSS}) of {@code pid} now, in MiB, or empty once it is gone. */
    public static Optional<Double> residentMib(long pid) {
        return statusKib(pid, "VmRSS:").map(kib -> kib / 1024.0);
    }

    /** How many threads {@code pid} has now, or empty once it is gone. */
    public static Optional<Integer> threads(long pid) {
        return statusKib(pid, "Threads:").map(Math::toIntExact);
    }

    /** The number of a {@code /proc/<pid>/status} line, e.g. {@code VmRSS:  51234 kB} → 51234. */
    private static Optional<Long> statusKib(long pid, String field) {
        try {
            return Files.readAllLines(Path.of("/proc", Long.toString(pid), "status")).stream()
                    .filter(l -> l.startsWith(field)).findFirst()
                    .map(l -> Long.parseLong(l.replaceAll("[^0-9]", "")));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
