package dev.lachesis.core.proc;

import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The kernel's CPU list format ({@code 0}, {@code 0-3,8,10-11}), as {@code Cpus_allowed_list} of
 * {@code /proc/<pid>/status}, {@code /sys/devices/system/cpu/online} and {@code taskset -c} write it:
 * the one reader of it for the daemon and the experiments.
 */
public final class CpuListFormat {
    private CpuListFormat() {
    }

    /**
     * The CPUs {@code text} names, in ascending order; empty for a blank text.
     *
     * @throws IllegalArgumentException quoting the text when it is not such a list
     */
    public static SortedSet<Integer> parse(String text) {
        SortedSet<Integer> cpus = new TreeSet<>();
        if (text.isBlank()) {
            return cpus;
        }
        try {
            for (String part : text.strip().split(",")) {
                int dash = part.indexOf('-');
                int from = Integer.parseInt(dash < 0 ? part : part.substring(0, dash));
                int to = dash < 0 ? from : Integer.parseInt(part.substring(dash + 1));
                if (from < 0 || to < from) {
                    throw new IllegalArgumentException("'" + text.strip() + "' has a bad range '" + part + "'");
                }
                for (int cpu = from; cpu <= to; cpu++) {
                    cpus.add(cpu);
                }
            }
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + text.strip() + "' is not a CPU list such as 0 or 1-3", e);
        }
        return cpus;
    }
}
