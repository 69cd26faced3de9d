package dev.lachesis.experiments.run;

import dev.lachesis.core.proc.CpuListFormat;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * A set of CPUs in the kernel's list form ({@code 0}, {@code 1-3}, {@code 0,2-3}), as {@code taskset
 * -c} and {@code /sys/devices/system/cpu/online} write it. Immutable.
 */
public record CpuList(TreeSet<Integer> cpus) {
    public CpuList {
        cpus = new TreeSet<>(cpus);
        if (cpus.isEmpty()) {
            throw new IllegalArgumentException("a CPU list must name at least one CPU");
        }
    }

    /**
     * Parses {@code 0,2-3}.
     *
     * @throws IllegalArgumentException quoting the text when it is not such a list
     */
    public static CpuList parse(String text) {
        return new CpuList(new TreeSet<>(CpuListFormat.parse(text)));
    }

    /** The CPUs the kernel has online, or 0…n-1 for this JVM's processors when that file cannot be read. */
    public static CpuList online() {
        try {
            return parse(Files.readString(Path.of("/sys/devices/system/cpu/online")));
        } catch (IOException | IllegalArgumentException e) {
            TreeSet<Integer> cpus = new TreeSet<>();
            for (int i = 0; i < Runtime.getRuntime().availableProcessors(); i++) {
                cpus.add(i);
            }
            return new CpuList(cpus);
        }
    }

    /** The CPUs of this list that are not in {@code other}; empty when none are left. */
    public java.util.Optional<CpuList> minus(CpuList other) {
        TreeSet<Integer> left = new TreeSet<>(cpus);
        left.removeAll(other.cpus);
        return left.isEmpty() ? java.util.Optional.empty() : java.util.Optional.of(new CpuList(left));
    }

    public boolean overlaps(CpuList other) {
        return cpus.stream().anyMatch(other.cpus::contains);
    }

    public int size() {
        return cpus.size();
    }

    @Override
    public String toString() {
        return cpus.stream().map(String::valueOf).collect(Collectors.joining(","));
    }

    /**
     * Confines every thread of process {@code pid} to these CPUs ({@code taskset -a -p -c}).
     *
     * @return whether taskset succeeded
     */
    public boolean confine(long pid) throws IOException, InterruptedException {
        Process taskset = new ProcessBuilder("taskset", "-a", "-p", "-c", toString(), Long.toString(pid))
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        return taskset.waitFor() == 0;
    }
}
