package dev.lachesis.translators;

import dev.lachesis.core.proc.ProcFs;
import java.util.Collection;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the kernel's CPU list format ({@code 0-3,8,10-11}, as in {@code Cpus_allowed_list} of
 * {@code /proc/<pid>/status}) into CPU numbers. Lenient, like every reader of {@code /proc} here:
 * a part that is neither a number nor a rising range is skipped. Stateless.
 */
final class CpuList {
    private static final Pattern PART = Pattern.compile("(\\d{1,6})(?:-(\\d{1,6}))?");

    private CpuList() {
    }

    /** The CPUs the processes may run on: the union of their {@code Cpus_allowed_list}; gone processes add none. */
    static Set<Integer> allowedTo(ProcFs proc, Collection<Integer> pids) {
        Set<Integer> cpus = new TreeSet<>();
        for (int pid : pids) {
            Optional<String> list = proc.statusField(pid, "Cpus_allowed_list");
            if (list.isPresent()) {
                cpus.addAll(parse(list.get()));
            }
        }
        return cpus;
    }

    /** The CPUs {@code list} names, in ascending order; empty for an empty or unreadable list. */
    static Set<Integer> parse(String list) {
        Set<Integer> cpus = new TreeSet<>();
        for (String part : list.strip().split(",")) {
            Matcher m = PART.matcher(part.strip());
            if (!m.matches()) {
                continue;
            }
            int first = Integer.parseInt(m.group(1));
            int last = m.group(2) == null ? first : Integer.parseInt(m.group(2));
            for (int cpu = first; cpu <= last; cpu++) {
                cpus.add(cpu);
            }
        }
        return cpus;
    }
}
