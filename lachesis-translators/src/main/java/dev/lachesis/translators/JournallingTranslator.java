package dev.lachesis.translators;

import dev.lachesis.core.model.ThreadRef;
import dev.lachesis.core.proc.ProcFs;
import dev.lachesis.core.proc.TaskStat;
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
 * The one apply-and-restore skeleton of every translator that changes threads (nice, real-time,
 * cgroups), so the rules that keep a user's machine safe are written once: apply only what changed
 * since the last round; journal a thread's originals before its first change; check that a process
 * is still the one it was (start time) so a reused PID is never touched; drop vanished threads
 * silently; fail every round in which a change was refused or failed (what could be set stays set,
 * and the loop logs the condition once when it starts and once when it clears); tell listeners what
 * was applied; and restore every touched thread on {@link #close()}. A subclass says what a change
 * is (one kernel call per thread, {@link #set}) and how it is undone ({@link #restoreTouched}).
 * Apply and close are serialised on this object's lock.
 */
public abstract class JournallingTranslator implements Translator {
    private static final Logger LOG = LoggerFactory.getLogger(JournallingTranslator.class);

    /** The identity of a thread this translator changed, and what it last set on it. */
    protected record Applied(ThreadIdentity identity, TranslatedThread setting) {
        /** The value last set (nice, RT priority, group weight). */
        public long value() {
            return setting.value();
        }

        /** The same thread recorded with another value (an RT thread the watchdog demoted). */
        public Applied withValue(long value) {
            return new Applied(identity, new TranslatedThread(setting.entry(), setting.group(), value));
        }
    }

    protected final String name;
    protected final Kernel kernel;
    protected final ProcFs proc;
    protected final CgroupHierarchy cgroups;
    protected final RestoreJournal journal;
    protected final Restorer restorer;
    private final List<AppliedScheduleListener> listeners = new CopyOnWriteArrayList<>();
    /** Guarded by {@code this}. */
    protected final Map<ThreadRef, Applied> applied = new LinkedHashMap<>();
    private final Map<Integer, Long> processStarts = new HashMap<>();
    private boolean closed;

    protected JournallingTranslator(String name, Kernel kernel, ProcFs proc, CgroupHierarchy cgroups,
                                    RestoreJournal journal) {
        this.name = name;
        this.kernel = kernel;
        this.proc = proc;
        this.cgroups = cgroups;
        this.journal = journal;
        this.restorer = new Restorer(kernel, proc);
    }

    /** Registers a listener told about every apply. */
    public void addListener(AppliedScheduleListener listener) {
        listeners.add(listener);
    }

    /** Whether {@code now} asks for nothing that {@code before} has not already set. */
    protected abstract boolean unchanged(Applied before, TranslatedThread now);

    /** Makes the one change {@code thread} asks for. */
    protected abstract void set(TranslatedThread thread) throws KernelException, TranslatorException;

    /** The fix to show when the kernel says "not permitted". */
    protected abstract String permissionAdvice();

    /**
     * Puts back the original settings of the threads in {@link #applied} (and what the translator
     * created for them); false when something could not be undone.
     */
    protected abstract boolean restoreTouched();

    /** Hook before any thread is looked at, e.g. to create and weigh groups. */
    protected void prepare(TranslationPlan plan) throws TranslatorException {
    }

    /**
     * Hook before the changed threads of a round are set (RT budgets, watchdog back-off); may drop
     * threads from the list. Returns problems that fail the round.
     */
    protected List<String> beforeSetting(List<TranslatedThread> changed) {
        return List.of();
    }

    /** Hook when a process ended or its PID now names another process. */
    protected void forgetProcess(int pid) {
    }

    @Override
    public synchronized TranslationPlan apply(TranslationPlan plan) throws TranslatorException {
        if (closed) {
            throw new IllegalStateException(name + " is closed");
        }
        prepare(plan);
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
            if (before != null && unchanged(before, t)) {
                current.add(t);
                continue;
            }
            if (before == null) {
                Optional<OriginalSettings> original = OriginalSettings.capture(proc, cgroups, ref,
                        processStarts.get(ref.pid()));
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
            throw new TranslatorException(name + ": cannot write the restore journal " + journal.file() + " (" + e
                    + "); no thread was changed: make its directory writable or set another journal path", e);
        }
        List<String> problems = new ArrayList<>(beforeSetting(changed));
        int refused = 0;
        String refusal = null;
        List<String> failures = new ArrayList<>();
        for (TranslatedThread t : changed) {
            ThreadRef ref = t.entry().thread().ref();
            try {
                set(t);
                applied.put(ref, new Applied(identities.get(ref), t));
                current.add(t);
            } catch (ThreadGoneException e) {
                applied.remove(ref);
            } catch (NotPermittedException e) {
                refused++;
                refusal = e.getMessage();
            } catch (KernelException e) {
                failures.add(e.getMessage());
            } catch (TranslatorException e) {
                problems.add(e.getMessage());
            }
        }
        TranslationPlan asApplied = new TranslationPlan(name, plan.mechanism(), current);
        report(asApplied, changed.size());
        if (refused > 0) {
            throw new TranslatorException(name + ": the kernel refused " + refused + " of " + changed.size()
                    + " changes (" + refusal + "): " + permissionAdvice());
        }
        if (!problems.isEmpty()) {
            throw new TranslatorException(name + ": " + String.join("; ", problems));
        }
        if (!failures.isEmpty()) {
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
            forgetProcess(pid);
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
                LOG.debug("{}: {} '{}' raw {} -> {}{} {}", name, t.entry().thread().ref(),
                        t.entry().thread().thread().name(), t.entry().priority(),
                        t.group() == null ? "" : t.group() + " ", asApplied.mechanism(), t.value());
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

    /**
     * Takes over what {@code previous} applied when {@link #canTakeOver} says its settings mean the
     * same here; {@code previous} then releases its hold on the shared journal without restoring,
     * since the originals it recorded stay there for this translator's {@link #close()}.
     */
    @Override
    public boolean takeOver(Translator previous) {
        if (previous == this || !(previous instanceof JournallingTranslator old) || old.journal != journal
                || !canTakeOver(old)) {
            return false;
        }
        Map<ThreadRef, Applied> threads = new LinkedHashMap<>();
        Map<Integer, Long> starts = new HashMap<>();
        if (!old.handOver(threads, starts)) {
            return false;
        }
        synchronized (this) {
            threads.forEach(applied::putIfAbsent);
            starts.forEach(processStarts::putIfAbsent);
        }
        LOG.info("{}: took over {} threads from the previous '{}' without restoring them", name, threads.size(),
                old.name);
        return true;
    }

    /** Whether the settings {@code previous} applied are ones this translator would apply and restore alike. */
    protected boolean canTakeOver(JournallingTranslator previous) {
        return false;
    }

    /** Gives what it applied to a successor and closes without restoring; false when already closed. */
    private synchronized boolean handOver(Map<ThreadRef, Applied> threads, Map<Integer, Long> starts) {
        if (closed) {
            return false;
        }
        closed = true;
        threads.putAll(applied);
        starts.putAll(processStarts);
        applied.clear();
        journal.close();
        return true;
    }

    /** Restores every thread it touched that is still alive, then releases the journal. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (!restoreTouched()) {
            journal.markIncomplete();
        }
        applied.clear();
        journal.close();
    }
}
