package dev.lachesis.translators.realtime;

import dev.lachesis.translators.CgroupSettings;
import dev.lachesis.translators.PermissionAdvice;
import dev.lachesis.translators.ThreadTranslator;
import dev.lachesis.core.metric.MetricNames;
import dev.lachesis.core.model.ThreadKind;
import dev.lachesis.core.model.ThreadRef;
import dev.lachesis.core.proc.ProcFs;
import dev.lachesis.core.spi.PolicyInput;
import dev.lachesis.core.spi.TranslatedThread;
import dev.lachesis.core.spi.TranslationPlan;
import dev.lachesis.core.spi.TranslatorCondition;
import dev.lachesis.core.spi.TranslatorException;
import dev.lachesis.translators.cgroup.CgroupHierarchy;
import dev.lachesis.translators.cgroup.RtBudgets;
import dev.lachesis.translators.journal.OriginalSettings;
import dev.lachesis.translators.journal.RestoreJournal;
import dev.lachesis.translators.kernel.Kernel;
import dev.lachesis.translators.kernel.KernelException;
import dev.lachesis.translators.kernel.SchedPolicy;
import dev.lachesis.translators.kernel.ThreadGoneException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes each thread SCHED_RR (or SCHED_FIFO) with an RT priority from the normalised schedule
 * ({@code sched_setscheduler}), the 2023 paper's real-time translator. Before a thread becomes
 * real-time its cgroup gets an RT budget when it has none (cgroup v1, {@link RtBudgets}). A
 * {@link RtWatchdog} demotes every RT thread it set back to SCHED_OTHER at once when it finds a
 * livelock — a starving RT thread whose query as a whole shows no progress, or a CPU where ordinary
 * threads got nothing for longer than RT throttling allows — and no thread is made real-time again
 * until the back-off has passed. The queries' progress is read from the rounds it
 * {@linkplain #observe observes}: the processed-rate of their operators.
 */
public final class RealTimeTranslator extends ThreadTranslator {
    private static final Logger LOG = LoggerFactory.getLogger(RealTimeTranslator.class);
    /** The value recorded for a thread the watchdog demoted; never a valid RT priority. */
    private static final long DEMOTED = 0;
    private static final int MAX_BACKOFF_FACTOR = 8;

    private final SchedPolicy policy;
    private final RtBudgets budgets;
    private final WatchdogSettings watchdogSettings;
    private final LongSupplier nanoClock;
    private final RtWatchdog watchdog;
    private final Canaries canaries;
    private final QueryProgress progress = new QueryProgress();
    private final OperatorIntervals intervals = new OperatorIntervals();
    /** The query of each thread a schedule named. Guarded by {@code this}. */
    private final Map<ThreadRef, QueryKey> queries = new HashMap<>();
    /** The threads of {@link #queries} that are an operator's main thread, with their operators. Guarded by {@code this}. */
    private final Map<ThreadRef, OperatorKey> operators = new HashMap<>();
    /** The threads the watchdog lent the top priority until its next look. Guarded by {@code this}. */
    private final Set<ThreadRef> lent = new LinkedHashSet<>();
    /** Guarded by {@code this}. */
    private Long backoffUntilNanos;
    private int trips;
    private long demotions;
    private TranslatorCondition demotion;

    public RealTimeTranslator(String name, RealTimeSettings settings, Kernel kernel, ProcFs proc,
                              CgroupHierarchy cgroups, RestoreJournal journal, CgroupSettings cgroupSettings) {
        this(name, settings, kernel, proc, cgroups, journal, cgroupSettings, System::nanoTime);
    }

    RealTimeTranslator(String name, RealTimeSettings settings, Kernel kernel, ProcFs proc, CgroupHierarchy cgroups,
                       RestoreJournal journal, CgroupSettings cgroupSettings, LongSupplier nanoClock) {
        super(name, settings.policy() == SchedPolicy.RR ? "rr" : "fifo", kernel, proc, cgroups, journal,
                settings.normaliser(), settings.range(), settings.smoothing());
        this.policy = settings.policy();
        this.budgets = new RtBudgets(kernel, cgroups, journal, cgroupSettings.rtRuntimeUs(), cgroupSettings.root());
        this.watchdogSettings = settings.watchdog();
        this.nanoClock = nanoClock;
        if (settings.watchdog().enabled()) {
            canaries = new CpuCanaries(name, kernel, settings.watchdog().period().toMillis() / 2);
            watchdog = new RtWatchdog(name, kernel, proc, cgroups, settings.watchdog(), canaries, this::promotedThreads,
                    this::operatorThreads, progress::of, intervals::of, new Actions(), nanoClock,
                    System::currentTimeMillis);
            watchdog.start();
        } else {
            canaries = null;
            watchdog = null;
        }
        if (!budgets.applies()) {
            RtBudgets.checkGlobalLimit(proc.kernelSetting("sched_rt_runtime_us")).ifPresent(LOG::warn);
        }
    }

    @Override
    public boolean isRealTime() {
        return true;
    }

    /**
     * What tells the watchdog whether a query progresses (its operators' processed-rate) and whether
     * an operator spins (the newest reported interval of its progress and the tuples waiting for
     * it); nothing without a watchdog. Where no driver gives the first, a starving thread trips the
     * watchdog whatever its query does, as before the livelock rule; without the others no operator
     * is found spinning.
     */
    @Override
    public Set<String> optionalMetrics() {
        return watchdog == null ? Set.of() : Set.of(MetricNames.PROCESSED_RATE, MetricNames.PROGRESS_INTERVAL_COUNT,
                MetricNames.PROGRESS_INTERVAL_START, MetricNames.PROGRESS_INTERVAL_END, MetricNames.INPUT_QUEUE,
                MetricNames.SOURCE_QUEUE);
    }

    /** Records the progress of every query and operator in {@code round} for the watchdog. */
    @Override
    public void observe(PolicyInput round) {
        progress.record(round, nanoClock.getAsLong());
        intervals.record(round);
    }

    /**
     * Applies {@code plan}, remembers each thread's query, by which the watchdog judges its
     * starvation, and has canaries watch every CPU the real-time threads' processes may use. The
     * canaries start outside this object's lock, which the watchdog takes on every look: starting a
     * thread waits until the new thread runs, which a busy machine can make long.
     */
    @Override
    public TranslationPlan apply(TranslationPlan plan) throws TranslatorException {
        try {
            return applyRemembering(plan);
        } finally {
            if (canaries != null) {
                Set<Integer> pids = new TreeSet<>();
                for (ThreadRef ref : promotedThreads().keySet()) {
                    pids.add(ref.pid());
                }
                canaries.watch(proc.allowedCpus(pids));
            }
        }
    }

    private synchronized TranslationPlan applyRemembering(TranslationPlan plan) throws TranslatorException {
        for (TranslatedThread t : plan.threads()) {
            queries.put(t.entry().thread().ref(), new QueryKey(t.entry().speName(), t.entry().thread().queryId()));
            if (t.entry().thread().kind() == ThreadKind.MAIN && t.entry().thread().operatorId() != null) {
                operators.put(t.entry().thread().ref(), new OperatorKey(t.entry().speName(),
                        t.entry().thread().operatorId()));
            }
        }
        try {
            return super.apply(plan);
        } finally {
            queries.keySet().retainAll(applied.keySet());
            operators.keySet().retainAll(applied.keySet());
        }
    }

    @Override
    protected void set(int tid, long value) throws KernelException {
        kernel.setScheduler(tid, policy, (int) value);
    }

    @Override
    protected boolean restore(OriginalSettings original) {
        return restorer.restoreScheduler(original);
    }

    @Override
    protected String permissionAdvice() {
        return PermissionAdvice.forRealTime();
    }

    @Override
    protected synchronized List<String> beforeSetting(List<TranslatedThread> changed) {
        if (isBackingOff()) {
            changed.clear();
            return List.of();
        }
        if (backoffUntilNanos != null) {
            backoffUntilNanos = null;
            LOG.info("{}: the back-off after the watchdog's trip {} is over; making threads real-time again", name, trips);
        }
        if (!budgets.applies()) {
            return List.of();
        }
        List<String> problems = new ArrayList<>();
        Set<String> refused = new HashSet<>();
        for (Iterator<TranslatedThread> it = changed.iterator(); it.hasNext(); ) {
            ThreadRef ref = it.next().entry().thread().ref();
            Applied before = applied.get(ref);
            if (before != null && before.value() != DEMOTED) {
                continue; // already real-time: its group has a budget
            }
            String group = cgroups.groupOf(proc.cgroups(ref.pid(), ref.tid())).orElse("/");
            if (refused.contains(group)) {
                it.remove();
                continue;
            }
            try {
                budgets.ensure(group);
            } catch (TranslatorException e) {
                refused.add(group);
                problems.add(e.getMessage());
                it.remove();
            }
        }
        return problems;
    }

    /** The threads this translator made real-time (and has not demoted since), with their queries. */
    synchronized Map<ThreadRef, QueryKey> promotedThreads() {
        Map<ThreadRef, QueryKey> threads = new LinkedHashMap<>();
        for (Map.Entry<ThreadRef, Applied> e : applied.entrySet()) {
            if (e.getValue().value() != DEMOTED) {
                threads.put(e.getKey(), queries.get(e.getKey()));
            }
        }
        return threads;
    }

    /** The threads this translator made real-time that are an operator's main thread, with their operators. */
    synchronized Map<ThreadRef, OperatorKey> operatorThreads() {
        return Map.copyOf(operators);
    }

    /**
     * Lends the top of the range to each of {@code threads} still real-time: beyond saturation a
     * strict-priority schedule may keep a runnable thread off the CPU for good, and what it holds
     * stays held — the JVM's next safepoint, a lock its Graphite reporter waits for (in
     * {@code SpinningOperatorIT} every series of the Storm worker stopped while one executor at RR 99
     * ran 13 s without ever sleeping and seven threads of its query below it got no CPU at all).
     */
    synchronized void lendTop(List<ThreadRef> threads) {
        int top = range().highest();
        for (ThreadRef ref : threads) {
            Applied before = applied.get(ref);
            if (before == null || before.value() == DEMOTED || before.value() == top) {
                continue;
            }
            try {
                kernel.setScheduler(ref.tid(), policy, top);
                lent.add(ref);
            } catch (ThreadGoneException gone) {
                LOG.trace("{} gone while lending it the top priority", ref);
            } catch (KernelException failure) {
                LOG.debug("{}: could not lend {} the top priority: {}", name, ref, failure.getMessage());
            }
        }
    }

    /** Puts every thread lent the top priority back at the priority its schedule gave it. */
    synchronized void endLoans() {
        for (ThreadRef ref : lent) {
            Applied now = applied.get(ref);
            if (now == null || now.value() == DEMOTED) {
                continue;
            }
            try {
                kernel.setScheduler(ref.tid(), policy, (int) now.value());
            } catch (ThreadGoneException gone) {
                LOG.trace("{} gone while ending its loan", ref);
            } catch (KernelException failure) {
                LOG.warn("{}: could not put {} back at {} after lending it the top priority: {}", name, ref,
                        now.value(), failure.getMessage());
            }
        }
        lent.clear();
    }

    /** Demotes every RT thread this translator set to SCHED_OTHER at once and starts the back-off. */
    synchronized void demoteAll(String reason) {
        lent.clear();
        int demoted = 0;
        for (Map.Entry<ThreadRef, Applied> e : applied.entrySet()) {
            if (e.getValue().value() == DEMOTED) {
                continue;
            }
            try {
                kernel.setScheduler(e.getKey().tid(), SchedPolicy.OTHER, 0);
            } catch (ThreadGoneException gone) {
                LOG.trace("{} gone while demoting", e.getKey());
            } catch (KernelException failure) {
                LOG.warn("{}: could not demote {}: {}", name, e.getKey(), failure.getMessage());
            }
            e.setValue(e.getValue().withValue(DEMOTED));
            demoted++;
        }
        trips = Math.min(trips + 1, MAX_BACKOFF_FACTOR);
        Duration backoff = watchdogSettings.backoff().multipliedBy(Math.min(1L << (trips - 1), MAX_BACKOFF_FACTOR));
        backoffUntilNanos = nanoClock.getAsLong() + backoff.toNanos();
        demotions++;
        Instant now = Instant.now();
        demotion = new TranslatorCondition(now, name + ": real time demoted until " + now.plus(backoff)
                + " by the watchdog: " + reason);
        LOG.warn("{}: {}; demoted {} RT threads to SCHED_OTHER; trying real-time again in {} s",
                name, reason, demoted, backoff.toSeconds());
    }

    /** The watchdog's hold on this translator's threads. */
    private final class Actions implements WatchdogActions {
        @Override
        public void demoteAll(String reason) {
            RealTimeTranslator.this.demoteAll(reason);
        }

        @Override
        public void lendTop(List<ThreadRef> threads) {
            RealTimeTranslator.this.lendTop(threads);
        }

        @Override
        public void endLoans() {
            RealTimeTranslator.this.endLoans();
        }
    }

    @Override
    public synchronized List<TranslatorCondition> conditions() {
        return isBackingOff() && demotion != null ? List.of(demotion) : List.of();
    }

    @Override
    public synchronized long realTimeDemotions() {
        return demotions;
    }

    /** Whether the translator is backing off after a watchdog trip. */
    public synchronized boolean isBackingOff() {
        return backoffUntilNanos != null && nanoClock.getAsLong() - backoffUntilNanos < 0;
    }

    @Override
    protected boolean afterRestore() {
        return restorer.restoreBudgets(budgets.changedInOrder());
    }

    /** Stops the watchdog (outside the lock it may be waiting for), then restores every thread. */
    @Override
    public void close() {
        if (watchdog != null) {
            watchdog.close();
        }
        super.close();
    }
}
