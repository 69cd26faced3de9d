package dev.lachesis.translators.cgroup;

import dev.lachesis.core.spi.TranslatorException;
import dev.lachesis.translators.journal.RestoreJournal;
import dev.lachesis.translators.kernel.Kernel;
import dev.lachesis.translators.kernel.KernelException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Real-time budgets on cgroup v1 with RT group scheduling: a thread in a group whose
 * {@code cpu.rt_runtime_us} is 0 cannot become SCHED_RR/FIFO (the kernel answers EPERM), and every
 * group below the root starts at 0. Before a thread is made real-time (or an RT thread is moved into
 * a group), its group and each ancestor below the root without a budget get one, parents before
 * children: the configured {@code rt-runtime-us}, by default 95% of the group's
 * {@code cpu.rt_period_us} (as in the 2023 evaluation), never more than the parent has left after its
 * other children; under Lachesis's own root group, what is left is shared evenly by the child groups
 * still without a budget. Each original budget is journalled before it is changed. On cgroup v2 there are no
 * group budgets; see {@link #checkGlobalLimit}. Not thread-safe: one translator, one thread.
 */
public final class RtBudgets {
    private static final Logger LOG = LoggerFactory.getLogger(RtBudgets.class);

    private final Kernel kernel;
    private final CgroupHierarchy hierarchy;
    private final RestoreJournal journal;
    private final Long configuredRuntimeUs;
    private final String lachesisRoot;
    private final Set<String> budgeted = new HashSet<>();
    private final List<Map.Entry<Path, Long>> changed = new ArrayList<>();

    /**
     * @param configuredRuntimeUs the budget to give, or {@code null} for 95% of the period
     * @param lachesisRoot the group holding the groups Lachesis creates (e.g. {@code /lachesis}): its
     *     budget is split evenly among its children that have none, so each schedule group gets a share
     */
    public RtBudgets(Kernel kernel, CgroupHierarchy hierarchy, RestoreJournal journal, Long configuredRuntimeUs,
                     String lachesisRoot) {
        this.kernel = kernel;
        this.hierarchy = hierarchy;
        this.journal = journal;
        this.configuredRuntimeUs = configuredRuntimeUs;
        this.lachesisRoot = lachesisRoot;
    }

    /** Whether budgets matter here at all (cgroup v1 with RT group scheduling). */
    public boolean applies() {
        return hierarchy != null && hierarchy.hasRtGroupScheduling();
    }

    /**
     * Makes sure RT threads may live in {@code group} (e.g. {@code /docker/abc}).
     *
     * @throws TranslatorException explaining what to do when no budget can be given
     */
    public void ensure(String group) throws TranslatorException {
        if (!applies() || budgeted.contains(group)) {
            return;
        }
        List<String> chain = new ArrayList<>();
        for (String g = group; !g.equals("/"); g = CgroupHierarchy.parent(g).orElse("/")) {
            chain.add(0, g);
        }
        for (String g : chain) {
            Path dir = hierarchy.dir(g);
            long runtime = read(dir.resolve(CgroupFiles.RT_RUNTIME)).orElse(-1);
            if (runtime != 0) {
                continue;
            }
            long period = read(dir.resolve(CgroupFiles.RT_PERIOD)).orElse(1_000_000);
            long want = configuredRuntimeUs != null ? configuredRuntimeUs : period * 95 / 100;
            String parent = CgroupHierarchy.parent(g).orElse("/");
            long free = freeIn(parent, dir);
            long give = Math.min(want, parent.equals(lachesisRoot) ? free / Math.max(1, childrenWithoutBudget(parent)) : free);
            if (give <= 0) {
                throw new TranslatorException("cgroup " + g + " has no real-time budget (" + dir.resolve(CgroupFiles.RT_RUNTIME)
                        + " is 0), so its threads cannot become real-time, and its parent " + parent
                        + " has none left to give: lower the budgets of " + parent + "'s other child groups, or run the"
                        + " SPE in a group with a budget (docker run --cpu-rt-runtime=<µs>)");
            }
            try {
                journal.recordBudget(dir, 0);
            } catch (IOException e) {
                throw new TranslatorException("cannot write the restore journal " + journal.file() + ": " + e
                        + "; the real-time budget of " + g + " was left unchanged", e);
            }
            try {
                kernel.writeControlFile(dir.resolve(CgroupFiles.RT_RUNTIME), Long.toString(give));
                changed.add(Map.entry(dir, 0L));
            } catch (KernelException e) {
                throw new TranslatorException("cgroup " + g + " has no real-time budget, so its threads cannot become"
                        + " real-time, and the kernel refused to give it " + give + " µs (" + e.getMessage() + "): set"
                        + " cgroups.rt-runtime-us to at most what " + parent + " has left (" + free
                        + " µs), or run the SPE in a group with a budget (docker run --cpu-rt-runtime=<µs>)", e);
            }
            LOG.info("Gave cgroup {} a real-time budget of {} µs per {} µs so its threads may be real-time", g, give,
                    period);
        }
        budgeted.add(group);
    }

    /** The groups whose budget this instance changed, with their original budget, parents first. */
    public List<Map.Entry<Path, Long>> changedInOrder() {
        return List.copyOf(changed);
    }


    private int childrenWithoutBudget(String parent) {
        int n = 0;
        try (Stream<Path> children = Files.list(hierarchy.dir(parent))) {
            for (Path child : (Iterable<Path>) children::iterator) {
                if (Files.isDirectory(child) && read(child.resolve(CgroupFiles.RT_RUNTIME)).orElse(-1) == 0) {
                    n++;
                }
            }
        } catch (IOException e) {
            LOG.debug("Cannot list {}: {}", parent, e.toString());
        }
        return n;
    }

    /** What {@code parent} can still hand out: its budget minus its children's, except {@code except}. */
    private long freeIn(String parent, Path except) {
        Path parentDir = hierarchy.dir(parent);
        long parentRuntime = read(parentDir.resolve(CgroupFiles.RT_RUNTIME)).orElse(-1);
        if (parentRuntime < 0) {
            return Long.MAX_VALUE;
        }
        long used = 0;
        try (Stream<Path> children = Files.list(parentDir)) {
            for (Path child : (Iterable<Path>) children::iterator) {
                if (Files.isDirectory(child) && !child.equals(except)) {
                    used += Math.max(0, read(child.resolve(CgroupFiles.RT_RUNTIME)).orElse(0));
                }
            }
        } catch (IOException e) {
            LOG.debug("Cannot list {}: {}", parentDir, e.toString());
        }
        return parentRuntime - used;
    }

    /**
     * On cgroup v2 (or without RT group scheduling) only the global limit
     * {@code /proc/sys/kernel/sched_rt_runtime_us} keeps RT threads from taking every CPU; -1 means no
     * limit at all. Returns a warning to log when there is none.
     *
     * @param globalRuntimeUs that setting, as {@link dev.lachesis.core.proc.ProcFs#kernelSetting} reads it
     */
    public static java.util.Optional<String> checkGlobalLimit(OptionalLong globalRuntimeUs) {
        if (globalRuntimeUs.isPresent() && globalRuntimeUs.getAsLong() < 0) {
            return java.util.Optional.of("/proc/sys/kernel/sched_rt_runtime_us is -1: real-time threads may take every"
                    + " CPU and starve the machine; set it to e.g. 950000 (sysctl kernel.sched_rt_runtime_us=950000)");
        }
        return java.util.Optional.empty();
    }

    static OptionalLong read(Path file) {
        try {
            return OptionalLong.of(Long.parseLong(Files.readString(file, StandardCharsets.US_ASCII).strip()));
        } catch (IOException | NumberFormatException e) {
            return OptionalLong.empty();
        }
    }
}
