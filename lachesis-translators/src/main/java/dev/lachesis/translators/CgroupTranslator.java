package dev.lachesis.translators;

import dev.lachesis.core.logging.OnceLog;
import dev.lachesis.core.model.ThreadRef;
import dev.lachesis.core.proc.ProcFs;
import dev.lachesis.core.proc.TaskStat;
import dev.lachesis.core.schedule.GroupingSchedule;
import dev.lachesis.core.schedule.Schedule;
import dev.lachesis.core.schedule.ScheduleForm;
import dev.lachesis.core.schedule.ScheduleGroup;
import dev.lachesis.core.schedule.ThreadPriority;
import dev.lachesis.core.spi.TranslatedThread;
import dev.lachesis.core.spi.TranslationPlan;
import dev.lachesis.core.spi.Translator;
import dev.lachesis.core.spi.TranslatorException;
import dev.lachesis.translators.cgroup.CgroupHierarchy;
import dev.lachesis.translators.cgroup.CgroupVersion;
import dev.lachesis.translators.cgroup.RtBudgets;
import dev.lachesis.translators.journal.OriginalSettings;
import dev.lachesis.translators.journal.RestoreJournal;
import dev.lachesis.translators.journal.Restorer;
import dev.lachesis.translators.journal.ThreadIdentity;
import dev.lachesis.translators.kernel.Kernel;
import dev.lachesis.translators.kernel.KernelException;
import dev.lachesis.translators.kernel.NotPermittedException;
import dev.lachesis.translators.kernel.SchedPolicy;
import dev.lachesis.translators.kernel.ThreadGoneException;
import dev.lachesis.translators.normalise.ExponentialSmoother;
import dev.lachesis.translators.normalise.IntRange;
import dev.lachesis.translators.normalise.Normaliser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Applies grouping schedules with cgroups (2021 paper §5.3): one child group per schedule group under
 * the configured root (default {@code /lachesis} in the cpu hierarchy), each group's CPU weight
 * ({@code cpu.shares} on v1, {@code cpu.weight} on v2) from its normalised priority, and each thread
 * moved there by tid (v1 {@code tasks}; v2 {@code cgroup.threads} inside a threaded subtree whose
 * domain, the root group, first receives the whole process through {@code cgroup.procs}). Groups are
 * journalled before they are created and removed on {@link #close()}, after every thread went back
 * to its original group. An RT thread only moves into a group with an RT budget (v1): the root
 * group's budget is shared evenly by the groups created ({@link RtBudgets}). Apply and close are serialised.
 */
public final class CgroupTranslator implements Translator {
    private static final Logger LOG = LoggerFactory.getLogger(CgroupTranslator.class);

    private record Placed(ThreadIdentity identity, String group) {
    }

    private final String name;
    private final Kernel kernel;
    private final ProcFs proc;
    private final CgroupHierarchy hierarchy;
    private final RestoreJournal journal;
    private final Restorer restorer;
    private final String root;
    private final Normaliser normaliser;
    private final IntRange range;
    private final ExponentialSmoother<String> smoother;
    private final RtBudgets budgets;
    private final OnceLog reported = new OnceLog(LOG);
    private final List<AppliedScheduleListener> listeners = new CopyOnWriteArrayList<>();
    private final Map<String, Long> weights = new HashMap<>();
    private final Map<ThreadRef, Placed> placed = new LinkedHashMap<>();
    private final Set<String> readyGroups = new HashSet<>();
    private final Set<Integer> processesInDomain = new HashSet<>();
    private final Map<Integer, Long> processStarts = new HashMap<>();
    private boolean closed;

    public CgroupTranslator(String name, CgroupTranslatorSettings settings, CgroupSettings cgroupSettings,
                            Kernel kernel, ProcFs proc, CgroupHierarchy hierarchy, RestoreJournal journal) {
        this.name = name;
        this.kernel = kernel;
        this.proc = proc;
        this.hierarchy = hierarchy;
        this.journal = journal;
        this.restorer = new Restorer(kernel, proc);
        this.root = cgroupSettings.root();
        this.normaliser = settings.normaliser();
        this.range = settings.range();
        this.smoother = new ExponentialSmoother<>(settings.smoothing());
        this.budgets = new RtBudgets(kernel, hierarchy, journal, cgroupSettings.rtRuntimeUs(), root);
    }

    @Override
    public ScheduleForm accepts() {
        return ScheduleForm.GROUPING;
    }

    public void addListener(AppliedScheduleListener listener) {
        listeners.add(listener);
    }

    /** The cgroup path of schedule group {@code id}. */
    public String groupPath(String id) {
        return root + "/" + id;
    }

    @Override
    public TranslationPlan plan(Schedule schedule) {
        if (!(schedule instanceof GroupingSchedule grouping)) {
            throw new IllegalArgumentException(name + " takes grouping schedules, not " + schedule.form());
        }
        List<ScheduleGroup> groups = grouping.groups();
        double[] raw = groups.stream().mapToDouble(ScheduleGroup::priority).toArray();
        int[] values = normaliser.normalise(smoother.smooth(groups.stream().map(ScheduleGroup::id).toList(), raw), range);
        List<TranslatedThread> out = new ArrayList<>();
        for (int i = 0; i < groups.size(); i++) {
            for (ThreadPriority t : groups.get(i).threads()) {
                out.add(new TranslatedThread(t, groupPath(groups.get(i).id()), values[i]));
            }
        }
        return new TranslationPlan(name, hierarchy.version().weightFile(), out);
    }

    @Override
    public synchronized TranslationPlan apply(TranslationPlan plan) throws TranslatorException {
        if (closed) {
            throw new IllegalStateException(name + " is closed");
        }
        List<String> problems = new ArrayList<>();
        Map<String, Long> groupWeights = new LinkedHashMap<>();
        for (TranslatedThread t : plan.threads()) {
            groupWeights.putIfAbsent(t.group(), t.value());
        }
        try {
            journal.recordHierarchy(hierarchy.version().name(), hierarchy.mount());
            prepareGroup(root, false);
            for (Map.Entry<String, Long> g : groupWeights.entrySet()) {
                prepareGroup(g.getKey(), true);
                if (!g.getValue().equals(weights.get(g.getKey()))) {
                    kernel.writeControlFile(hierarchy.dir(g.getKey()).resolve(hierarchy.version().weightFile()),
                            Long.toString(g.getValue()));
                    weights.put(g.getKey(), g.getValue());
                }
            }
        } catch (IOException e) {
            throw new TranslatorException(name + ": cannot write the restore journal " + journal.file() + " (" + e
                    + "); no group was created or changed", e);
        } catch (NotPermittedException e) {
            throw new TranslatorException(name + ": " + e.getMessage() + ": " + PermissionAdvice.forCgroups(), e);
        } catch (KernelException e) {
            throw new TranslatorException(name + ": cannot set up the cgroup " + root + " under " + hierarchy.mount()
                    + ": " + e.getMessage(), e);
        }

        List<TranslatedThread> current = new ArrayList<>();
        List<TranslatedThread> moving = new ArrayList<>();
        Map<ThreadRef, OriginalSettings> fresh = new HashMap<>();
        Map<Integer, Boolean> processOk = new HashMap<>();
        for (TranslatedThread t : plan.threads()) {
            ThreadRef ref = t.entry().thread().ref();
            if (!processOk.computeIfAbsent(ref.pid(), this::checkProcess)) {
                continue;
            }
            Placed before = placed.get(ref);
            if (before != null && before.group().equals(t.group())) {
                current.add(t);
                continue;
            }
            if (before == null) {
                Optional<OriginalSettings> original = OriginalSettings.capture(proc, hierarchy, ref, processStarts.get(ref.pid()));
                if (original.isEmpty()) {
                    continue;
                }
                fresh.put(ref, original.get());
            }
            moving.add(t);
        }
        try {
            journal.recordThreads(fresh.values());
            journal.compactIfLarge(id -> id.isAlive(proc));
        } catch (IOException e) {
            throw new TranslatorException(name + ": cannot write the restore journal " + journal.file() + " (" + e
                    + "); no thread was moved", e);
        }
        int refused = 0;
        String refusal = null;
        for (TranslatedThread t : moving) {
            ThreadRef ref = t.entry().thread().ref();
            ThreadIdentity identity = fresh.containsKey(ref) ? fresh.get(ref).identity() : placed.get(ref).identity();
            try {
                if (isRealTime(ref)) {
                    budgets.ensure(t.group());
                }
                move(ref, t.group());
                placed.put(ref, new Placed(identity, t.group()));
                current.add(t);
            } catch (ThreadGoneException e) {
                placed.remove(ref);
            } catch (NotPermittedException e) {
                refused++;
                refusal = e.getMessage();
            } catch (KernelException e) {
                problems.add("moving threads into " + t.group() + " failed: " + e.getMessage().replaceAll("\"\\d+\"", "\"<tid>\""));
            } catch (TranslatorException e) {
                problems.add(e.getMessage());
            }
        }
        TranslationPlan asApplied = new TranslationPlan(name, plan.mechanism(), current);
        report(asApplied, moving.size());
        if (refused > 0 && reported.first("EPERM")) {
            throw new TranslatorException(name + ": the kernel refused to move " + refused + " threads (" + refusal + "): "
                    + PermissionAdvice.forCgroups());
        }
        for (String p : problems) {
            if (reported.first(p)) {
                throw new TranslatorException(name + ": " + p);
            }
        }
        return asApplied;
    }

    private boolean isRealTime(ThreadRef ref) {
        return proc.taskStat(ref.pid(), ref.tid()).map(TaskStat::policy).map(SchedPolicy::of)
                .map(SchedPolicy::isRealTime).orElse(false);
    }

    /** Creates {@code group} (journalled first) when missing; on v2 makes a schedule group threaded. */
    private void prepareGroup(String group, boolean scheduleGroup) throws IOException, KernelException {
        if (readyGroups.contains(group)) {
            return;
        }
        Path dir = hierarchy.dir(group);
        if (!Files.isDirectory(dir)) {
            journal.recordGroupCreated(dir);
            kernel.makeGroup(dir);
            LOG.info("{}: created cgroup {}", name, dir);
        }
        if (hierarchy.version() == CgroupVersion.V2) {
            Path parent = Objects.requireNonNull(dir.getParent(), "a cgroup under the mount has a parent");
            kernel.writeControlFile(parent.resolve("cgroup.subtree_control"), "+cpu");
            if (scheduleGroup) {
                kernel.writeControlFile(dir.resolve("cgroup.type"), "threaded");
            }
        }
        readyGroups.add(group);
    }

    private void move(ThreadRef ref, String group) throws KernelException {
        if (hierarchy.version() == CgroupVersion.V2 && processesInDomain.add(ref.pid())) {
            kernel.writeControlFile(hierarchy.dir(root).resolve("cgroup.procs"), Integer.toString(ref.pid()));
        }
        kernel.writeControlFile(hierarchy.dir(group).resolve(hierarchy.version().threadsFile()), Integer.toString(ref.tid()));
    }

    private boolean checkProcess(int pid) {
        Optional<Long> start = proc.processStat(pid).map(TaskStat::startTimeTicks);
        Long known = start.isPresent() ? processStarts.put(pid, start.get()) : processStarts.remove(pid);
        if (start.isEmpty() || (known != null && !known.equals(start.get()))) {
            placed.keySet().removeIf(r -> r.pid() == pid);
            processesInDomain.remove(pid);
        }
        return start.isPresent();
    }

    private void report(TranslationPlan asApplied, int moved) {
        if (LOG.isDebugEnabled()) {
            LOG.debug("{}: {} threads, {} moved", name, asApplied.threads().size(), moved);
            for (TranslatedThread t : asApplied.threads()) {
                LOG.debug("{}: {} '{}' raw {} -> {} {}={}", name, t.entry().thread().ref(),
                        t.entry().thread().thread().name(), t.entry().priority(), t.group(),
                        hierarchy.version().weightFile(), t.value());
            }
        }
        for (AppliedScheduleListener l : listeners) {
            try {
                l.applied(asApplied);
            } catch (RuntimeException e) {
                LOG.warn("{}: a schedule listener failed: {}", name, e.toString());
            }
        }
    }

    /** Moves every thread it placed back to its original group, removes the groups it created, restores budgets. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        boolean ok = true;
        Set<Integer> restoredProcesses = new LinkedHashSet<>();
        for (Placed p : placed.values()) {
            Optional<OriginalSettings> original = journal.original(p.identity());
            if (original.isEmpty()) {
                continue;
            }
            if (hierarchy.version() == CgroupVersion.V2 && !restoredProcesses.add(p.identity().pid())) {
                continue;
            }
            ok &= restorer.restoreCgroup(original.get(), hierarchy);
        }
        List<Path> created = journal.createdGroups();
        ok &= restorer.removeGroups(created);
        ok &= restorer.restoreBudgets(budgets.changedInOrder());
        if (!ok) {
            journal.markIncomplete();
        }
        LOG.info("{}: moved {} threads back to their original cgroups and removed {} groups", name, placed.size(),
                created.size());
        placed.clear();
        journal.close();
    }
}
