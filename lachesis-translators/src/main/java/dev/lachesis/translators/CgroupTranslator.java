package dev.lachesis.translators;

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
import dev.lachesis.core.spi.TranslatorException;
import dev.lachesis.translators.cgroup.CgroupFiles;
import dev.lachesis.translators.cgroup.CgroupHierarchy;
import dev.lachesis.translators.cgroup.CgroupVersion;
import dev.lachesis.translators.cgroup.RtBudgets;
import dev.lachesis.translators.journal.OriginalSettings;
import dev.lachesis.translators.journal.RestoreJournal;
import dev.lachesis.translators.kernel.Kernel;
import dev.lachesis.translators.kernel.KernelException;
import dev.lachesis.translators.kernel.NotPermittedException;
import dev.lachesis.translators.kernel.SchedPolicy;
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
 * group's budget is shared evenly by the groups created ({@link RtBudgets}). Apply and close are serialised
 * ({@link JournallingTranslator}).
 */
public final class CgroupTranslator extends JournallingTranslator {
    private static final Logger LOG = LoggerFactory.getLogger(CgroupTranslator.class);

    private final String root;
    private final Normaliser normaliser;
    private final IntRange range;
    private final ExponentialSmoother<String> smoother;
    private final RtBudgets budgets;
    private final Map<String, Long> weights = new HashMap<>();
    private final Set<String> readyGroups = new HashSet<>();
    private final Set<Integer> processesInDomain = new HashSet<>();

    public CgroupTranslator(String name, CgroupTranslatorSettings settings, CgroupSettings cgroupSettings,
                            Kernel kernel, ProcFs proc, CgroupHierarchy hierarchy, RestoreJournal journal) {
        super(name, kernel, proc, hierarchy, journal);
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
        return new TranslationPlan(name, cgroups.version().weightFile(), out);
    }

    /** Creates the root and every schedule group (journalled first) and writes the weights that changed. */
    @Override
    protected void prepare(TranslationPlan plan) throws TranslatorException {
        Map<String, Long> groupWeights = new LinkedHashMap<>();
        for (TranslatedThread t : plan.threads()) {
            groupWeights.putIfAbsent(t.group(), t.value());
        }
        try {
            journal.recordHierarchy(cgroups.version().name(), cgroups.mount());
            prepareGroup(root, false);
            for (Map.Entry<String, Long> g : groupWeights.entrySet()) {
                prepareGroup(g.getKey(), true);
                if (!g.getValue().equals(weights.get(g.getKey()))) {
                    kernel.writeControlFile(cgroups.dir(g.getKey()).resolve(cgroups.version().weightFile()),
                            Long.toString(g.getValue()));
                    weights.put(g.getKey(), g.getValue());
                }
            }
        } catch (IOException e) {
            throw new TranslatorException(name + ": cannot write the restore journal " + journal.file() + " (" + e
                    + "); no group was created or changed", e);
        } catch (NotPermittedException e) {
            throw new TranslatorException(name + ": " + e.getMessage() + ": " + permissionAdvice(), e);
        } catch (KernelException e) {
            throw new TranslatorException(name + ": cannot set up the cgroup " + root + " under " + cgroups.mount()
                    + ": " + e.getMessage(), e);
        }
    }

    /** A thread in the right group stays there: a new weight is written to the group, not per thread. */
    @Override
    protected boolean unchanged(Applied before, TranslatedThread now) {
        return before.setting().group().equals(now.group());
    }

    /** Moves the thread into its group, giving the group an RT budget first when the thread is real-time. */
    @Override
    protected void set(TranslatedThread thread) throws KernelException, TranslatorException {
        ThreadRef ref = thread.entry().thread().ref();
        if (isRealTime(ref)) {
            budgets.ensure(thread.group());
        }
        if (cgroups.version() == CgroupVersion.V2 && processesInDomain.add(ref.pid())) {
            kernel.writeControlFile(cgroups.dir(root).resolve(CgroupFiles.PROCS), Integer.toString(ref.pid()));
        }
        kernel.writeControlFile(cgroups.dir(thread.group()).resolve(cgroups.version().threadsFile()),
                Integer.toString(ref.tid()));
    }

    @Override
    protected String permissionAdvice() {
        return PermissionAdvice.forCgroups();
    }

    @Override
    protected void forgetProcess(int pid) {
        processesInDomain.remove(pid);
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
        Path dir = cgroups.dir(group);
        if (!Files.isDirectory(dir)) {
            journal.recordGroupCreated(dir);
            kernel.makeGroup(dir);
            LOG.info("{}: created cgroup {}", name, dir);
        }
        if (cgroups.version() == CgroupVersion.V2) {
            Path parent = Objects.requireNonNull(dir.getParent(), "a cgroup under the mount has a parent");
            kernel.writeControlFile(parent.resolve(CgroupFiles.SUBTREE_CONTROL), "+cpu");
            if (scheduleGroup) {
                kernel.writeControlFile(dir.resolve(CgroupFiles.TYPE), "threaded");
            }
        }
        readyGroups.add(group);
    }

    /** Moves every thread it placed back to its original group, removes the groups it created, restores budgets. */
    @Override
    protected boolean restoreTouched() {
        boolean ok = true;
        Set<Integer> restoredProcesses = new LinkedHashSet<>();
        for (Applied a : applied.values()) {
            Optional<OriginalSettings> original = journal.original(a.identity());
            if (original.isEmpty()) {
                continue;
            }
            if (cgroups.version() == CgroupVersion.V2 && !restoredProcesses.add(a.identity().pid())) {
                continue;
            }
            ok &= restorer.restoreCgroup(original.get(), cgroups);
        }
        List<Path> created = journal.createdGroups();
        ok &= restorer.removeGroups(created);
        ok &= restorer.restoreBudgets(budgets.changedInOrder());
        LOG.info("{}: moved {} threads back to their original cgroups and removed {} groups", name, applied.size(),
                created.size());
        return ok;
    }
}
