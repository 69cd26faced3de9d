package dev.lachesis.translators.journal;

import dev.lachesis.core.proc.ProcFs;
import dev.lachesis.translators.cgroup.CgroupFiles;
import dev.lachesis.translators.cgroup.CgroupHierarchy;
import dev.lachesis.translators.cgroup.CgroupVersion;
import dev.lachesis.translators.kernel.Kernel;
import dev.lachesis.translators.kernel.KernelException;
import dev.lachesis.translators.kernel.ThreadGoneException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Puts journalled threads and groups back: each aspect on its own (for a translator closing) or
 * everything in a journal (for {@code lachesis restore}), in an order the kernel accepts — scheduler
 * first (an RT thread cannot leave for a group without RT budget), then nice, then cgroup, then the
 * created groups deepest first, then the RT budgets children first. A thread is touched only when
 * its pid, tid and both start times still match: a reused id is never touched. Thread-safe.
 */
public final class Restorer {
    private static final Logger LOG = LoggerFactory.getLogger(Restorer.class);

    private final Kernel kernel;
    private final ProcFs proc;

    public Restorer(Kernel kernel, ProcFs proc) {
        this.kernel = kernel;
        this.proc = proc;
    }

    /**
     * What a full restore did.
     *
     * @param restored threads put back
     * @param gone threads no longer alive (or whose ids were reused), left alone
     * @param problems one line per thing that could not be restored
     */
    public record Report(int restored, int gone, List<String> problems) {
        public boolean complete() {
            return problems.isEmpty();
        }
    }

    /** Restores the policy and RT priority; false when it failed (logged). */
    public boolean restoreScheduler(OriginalSettings o) {
        return restore(o, "policy", () -> kernel.setScheduler(o.identity().tid(), o.policy(), o.rtPriority()));
    }

    /** Restores the nice value; false when it failed (logged). */
    public boolean restoreNice(OriginalSettings o) {
        return restore(o, "nice", () -> kernel.setNice(o.identity().tid(), o.nice()));
    }

    /**
     * Moves the thread back to its original group: v1 by tid into {@code tasks}; v2 by moving the whole
     * process back through {@code cgroup.procs}, which also leaves the threaded subtree.
     */
    public boolean restoreCgroup(OriginalSettings o, CgroupHierarchy hierarchy) {
        if (o.cgroup() == null || hierarchy == null) {
            return true;
        }
        Path dir = hierarchy.dir(o.cgroup());
        if (hierarchy.version() == CgroupVersion.V1) {
            return restore(o, "cgroup", () -> kernel.writeControlFile(dir.resolve(CgroupFiles.TASKS), Integer.toString(o.identity().tid())));
        }
        return restore(o, "cgroup", () -> kernel.writeControlFile(dir.resolve(CgroupFiles.PROCS), Integer.toString(o.identity().pid())));
    }

    private interface Change {
        void run() throws KernelException;
    }

    private boolean restore(OriginalSettings o, String what, Change change) {
        if (!o.identity().isAlive(proc)) {
            LOG.debug("Not restoring the {} of {}: the thread is gone or its id was reused", what, o.identity());
            return true;
        }
        try {
            change.run();
            return true;
        } catch (ThreadGoneException e) {
            return true;
        } catch (KernelException e) {
            LOG.warn("Could not restore the {} of thread {} ({}): {}", what, o.identity(), o.name(), e.getMessage());
            return false;
        }
    }

    /** Removes groups Lachesis created, deepest (last created) first; false when one could not be removed. */
    public boolean removeGroups(List<Path> created) {
        boolean ok = true;
        List<Path> order = new ArrayList<>(created);
        order.sort((a, b) -> Integer.compare(b.getNameCount(), a.getNameCount()));
        for (Path group : order) {
            try {
                kernel.removeGroup(group);
            } catch (KernelException e) {
                LOG.warn("Could not remove the cgroup {} Lachesis created: {}", group, e.getMessage());
                ok = false;
            }
        }
        return ok;
    }

    /** Puts RT budgets back, children before parents; false when one could not be restored. */
    public boolean restoreBudgets(List<Map.Entry<Path, Long>> parentsFirst) {
        boolean ok = true;
        for (int i = parentsFirst.size() - 1; i >= 0; i--) {
            Map.Entry<Path, Long> b = parentsFirst.get(i);
            if (!java.nio.file.Files.isDirectory(b.getKey())) {
                continue;
            }
            try {
                kernel.writeControlFile(b.getKey().resolve(CgroupFiles.RT_RUNTIME), Long.toString(b.getValue()));
            } catch (KernelException e) {
                LOG.warn("Could not restore the RT budget of {} to {} µs: {}", b.getKey(), b.getValue(), e.getMessage());
                ok = false;
            }
        }
        return ok;
    }

    /** Restores everything {@code journal} holds. */
    public Report restoreAll(RestoreJournal journal) {
        Optional<CgroupHierarchy> hierarchy = journal.hierarchy().map(h -> {
            String[] f = h.split("\t", 2);
            return new CgroupHierarchy(CgroupVersion.valueOf(f[0]), Path.of(f[1]));
        });
        int restored = 0;
        int gone = 0;
        List<String> problems = new ArrayList<>();
        for (OriginalSettings o : journal.threads()) {
            if (!o.identity().isAlive(proc)) {
                gone++;
                continue;
            }
            boolean ok = restoreScheduler(o) & restoreNice(o) & restoreCgroup(o, hierarchy.orElse(null));
            if (ok) {
                restored++;
            } else {
                problems.add("thread " + o.identity() + " (" + o.name() + ") was not fully restored; see the log");
            }
        }
        if (!removeGroups(journal.createdGroups())) {
            problems.add("some cgroups Lachesis created could not be removed: " + journal.createdGroups());
        }
        if (!restoreBudgets(journal.budgetsInOrder())) {
            problems.add("some real-time budgets could not be restored: " + journal.budgets());
        }
        return new Report(restored, gone, List.copyOf(problems));
    }
}
