package dev.lachesis.experiments.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * What a process has used so far, from {@code /proc}: CPU time (user + system) and peak resident
 * memory, so an experiment can state the daemon's own cost. The experiments' class path carries the
 * SPE, not the daemon's core, hence this small reader of its own.
 */
public final class ProcessUsage {
    /** The kernel's USER_HZ: {@code /proc/<pid>/stat} counts CPU time in hundredths of a second. */
    private static final double TICKS_PER_SECOND = 100;

    private ProcessUsage() {
    }

    /** CPU seconds {@code pid} has used (all its threads, user and system), or empty once it is gone. */
    public static Optional<Double> cpuSeconds(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            // After "(comm) ": state is field 3, utime field 14, stime field 15.
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
            return Optional.of((Long.parseLong(f[11]) + Long.parseLong(f[12])) / TICKS_PER_SECOND);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** The peak resident set ({@code VmHWM}) of {@code pid} in MiB, or empty once it is gone. */
    public static Optional<Double> peakResidentMib(long pid) {
        try {
            return Files.readAllLines(Path.of("/proc", Long.toString(pid), "status")).stream()
                    .filter(l -> l.startsWith("VmHWM:")).findFirst()
                    .map(l -> Double.parseDouble(l.replaceAll("[^0-9]", "")) / 1024.0);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
