package dev.lachesis.translators;

import dev.lachesis.core.logging.OnceLog;
import dev.lachesis.core.model.ThreadRef;
import dev.lachesis.core.proc.ProcFs;
import dev.lachesis.core.proc.TaskStat;
import dev.lachesis.core.schedule.Schedule;
import dev.lachesis.core.schedule.ScheduleForm;
import dev.lachesis.core.schedule.ThreadPriority;
import dev.lachesis.core.spi.TranslatedThread;
import dev.lachesis.core.spi.TranslationPlan;
import dev.lachesis.core.spi.Translator;
import dev.lachesis.core.spi.TranslatorException;
import dev.lachesis.translators.cgroup.CgroupHierarchy;
import dev.lachesis.translators.journal.OriginalSettings;
import dev.lachesis.translators.journal.RestoreJournal;
import dev.lachesis.translators.journal.Restorer;
import dev.lachesis.translators.journal.ThreadIdentity;
import dev.lachesis.translators.kernel.Kernel;
import dev.lachesis.translators.kernel.KernelException;
import dev.lachesis.translators.kernel.NotPermittedException;
import dev.lachesis.translators.kernel.ThreadGoneException;
import dev.lachesis.translators.normalise.ExponentialSmoother;
import dev.lachesis.translators.normalise.IntRange;
import dev.lachesis.translators.normalise.Normaliser;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What every per-thread translator (nice, real-time) does, in plain Java: smooth and normalise the
 * raw priorities, apply only the values that changed since the last round, journal a thread's
 * originals before its first change, check that a process is still the one it was (start time) so a
 * reused PID is never touched, drop vanished threads silently, report a permission problem once, tell
 * listeners what was applied, and restore every touched thread on {@link #close()}. Subclasses fill in
 * the one kernel call that sets a value and the one that restores it. Apply and close are serialised
 * on this object's lock, which the RT watchdog shares.
 */
public abstract class ThreadTranslator implements Translator {
    private static final Logger LOG = LoggerFactory.getLogger(ThreadTranslator.class);

    /** The identity and value last applied to a thread. */
    protected record Applied(ThreadIdentity identity, long value) {
    }

    protected final String name;
    protected final Kernel kernel;
    protected final ProcFs proc;
    protected final CgroupHierarchy cgroups;
    protected final RestoreJournal journal;
    protected final Restorer restorer;
    private final String mechanism;
    private final Normaliser normaliser;
    private final IntRange range;
    private final ExponentialSmoother<ThreadRef> smoother;
    private final List<AppliedScheduleListener> listeners = new CopyOnWriteArrayList<>();
    private final OnceLog reported = new OnceLog(LOG);
    /** Guarded by {@code this}. */
    protected final Map<ThreadRef, Applied> applied = new LinkedHashMap<>();
    private final Map<Integer, Long> processStarts = new HashMap<>();
    private boolean closed;

    protected ThreadTranslator(String name, String mechanism, Kernel kernel, ProcFs proc, CgroupHierarchy cgroups,
                               RestoreJournal journal, Normaliser normaliser, IntRange range, double smoothing) {
        this.name = name;
        this.mechanism = mechanism;
        this.kernel = kernel;
        this.proc = proc;
        this.cgroups = cgroups;
        this.journal = journal;
        this.restorer = new Restorer(kernel, proc);
        this.normaliser = normaliser;
        this.range = range;
        this.smoother = new ExponentialSmoother<>(smoothing);
    }

    @Override
    public ScheduleForm accepts() {
        return ScheduleForm.SINGLE_PRIORITY;
    }

    /** Registers a listener told about every apply. */
    public void addListener(AppliedScheduleListener listener) {
        listeners.add(listener);
    }

    /** The OS values this translator maps onto. */
    public IntRange range() {
        return range;
    }

    /**
     * Normalises (after smoothing across rounds, so calling it advances the smoothing state) without
     * touching any thread.
     */
    @Override
    public TranslationPlan plan(Schedule schedule) {
        List<ThreadPriority> threads = schedule.threads();
        List<ThreadRef> keys = threads.stream().map(t -> t.thread().ref()).toList();
        double[] raw = threads.stream().mapToDouble(ThreadPriority::priority).toArray();
        int[] values = normaliser.normalise(smoother.smooth(keys, raw), range);
        List<TranslatedThread> out = new ArrayList<>(threads.size());
        for (int i = 0; i < threads.size(); i++) {
            out.add(new TranslatedThread(threads.get(i), null, values[i]));
        }
        return new TranslationPlan(name, mechanism, out);
    }

    /** Sets {@code value} on thread {@code tid}. */
    protected abstract void set(int tid, long value) throws KernelException;

    /** Restores this translator's aspect of one thread; false when it failed. */
    protected abstract boolean restore(OriginalSettings original);

    /** The fix to show when the kernel says "not permitted". */
    protected abstract String permissionAdvice();

    /**
     * Hook before the changed threads of a round are set (RT budgets, watchdog back-off); may drop
     * threads from the list. Returns problems to report (each once).
     */
    protected List<String> beforeSetting(List<TranslatedThread> changed) {
        return List.of();
    }

    @Override
    public synchronized TranslationPlan apply(TranslationPlan plan) throws TranslatorException {
        if (closed) {
            throw new IllegalStateException(name + " is closed");
        }
        List<TranslatedThread> current = new ArrayList<>();
        List<TranslatedThread> changed = new ArrayList<>();
        Map<ThreadRef, ThreadIdentity> identities = new HashMap<>();
        List<OriginalSettings> fresh = new ArrayList<>();
        Map<Integer, Boolean> processOk = new HashMap<>();
        for (TranslatedThread t : plan.threads()) {
            ThreadRef ref = t.entry().thread().ref();
            if (!processOk.computeIfAbsent(ref.pid(), this::checkProcess)) {
                continue;
            }
            Applied before = applied.get(ref);
            if (before != null && before.value() == t.value()) {
                current.add(t);
                continue;
            }
            if (before == null) {
                Optional<OriginalSettings> original = OriginalSettings.capture(proc, cgroups, ref, processStarts.get(ref.pid()));
                if (original.isEmpty()) {
                    continue;
                }
                identities.put(ref, original.get().identity());
                fresh.add(original.get());
            } else {
                identities.put(ref, before.identity());
            }
            changed.add(t);
        }
        try {
            journal.recordThreads(fresh);
            journal.compactIfLarge(id -> id.isAlive(proc));
        } catch (IOException e) {
            throw new TranslatorException("cannot write the restore journal " + journal.file() + " (" + e
                    + "); no thread was changed: make its directory writable or set another journal path", e);
        }
        List<String> problems = beforeSetting(changed);
        int refused = 0;
        String refusal = null;
        List<String> failures = new ArrayList<>();
        for (TranslatedThread t : changed) {
            ThreadRef ref = t.entry().thread().ref();
            try {
                set(ref.tid(), t.value());
                applied.put(ref, new Applied(identities.get(ref), t.value()));
                current.add(t);
            } catch (ThreadGoneException e) {
                applied.remove(ref);
            } catch (NotPermittedException e) {
                refused++;
                refusal = e.getMessage();
            } catch (KernelException e) {
                failures.add(e.getMessage());
            }
        }
        TranslationPlan asApplied = new TranslationPlan(name, mechanism, current);
        report(asApplied, changed.size());
        if (refused > 0 && reported.first("EPERM")) {
            throw new TranslatorException(name + ": the kernel refused " + refused + " of " + changed.size()
                    + " changes (" + refusal + "): " + permissionAdvice());
        }
        for (String problem : problems) {
            if (reported.first(problem)) {
                throw new TranslatorException(name + ": " + problem);
            }
        }
        if (!failures.isEmpty() && reported.first(failures.get(0).replaceAll("tid=\\d+", "tid"))) {
            throw new TranslatorException(name + ": " + failures.size() + " changes failed, e.g. " + failures.get(0));
        }
        return asApplied;
    }

    /** Whether the process is alive and still the one seen before; forgets its threads if not. */
    private boolean checkProcess(int pid) {
        Optional<Long> start = proc.processStat(pid).map(TaskStat::startTimeTicks);
        Long known = start.isPresent() ? processStarts.put(pid, start.get()) : processStarts.remove(pid);
        if (start.isEmpty() || (known != null && !known.equals(start.get()))) {
            applied.keySet().removeIf(r -> r.pid() == pid);
            if (known != null) {
                LOG.debug("{}: process {} {}; forgetting its threads", name, pid,
                        start.isEmpty() ? "is gone" : "was replaced by another one with the same PID");
            }
        }
        return start.isPresent();
    }

    private void report(TranslationPlan asApplied, int changedCount) {
        if (LOG.isDebugEnabled()) {
            LOG.debug("{}: {} threads, {} changed", name, asApplied.threads().size(), changedCount);
            for (TranslatedThread t : asApplied.threads()) {
                LOG.debug("{}: {} '{}' raw {} -> {} {}", name, t.entry().thread().ref(), t.entry().thread().thread().name(),
                        t.entry().priority(), mechanism, t.value());
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

    /** The threads this translator changed and that it still tracks. */
    public synchronized Map<ThreadRef, Applied> appliedThreads() {
        return Map.copyOf(applied);
    }

    /** Hook run after the threads were restored (RT budgets); false when something could not be undone. */
    protected boolean afterRestore() {
        return true;
    }

    /** Restores every thread it touched that is still alive, then releases the journal. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        int restored = 0;
        for (Applied a : applied.values()) {
            Optional<OriginalSettings> original = journal.original(a.identity());
            if (original.isEmpty()) {
                continue;
            }
            if (restore(original.get())) {
                restored++;
            } else {
                journal.markIncomplete();
            }
        }
        if (!afterRestore()) {
            journal.markIncomplete();
        }
        LOG.info("{}: restored the original {} of {} threads", name, mechanism, restored);
        applied.clear();
        journal.close();
    }
}
