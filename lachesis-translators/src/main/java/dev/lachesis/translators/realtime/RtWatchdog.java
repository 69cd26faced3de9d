package dev.lachesis.translators.realtime;

import dev.lachesis.core.model.ThreadRef;
import dev.lachesis.core.proc.ProcFs;
import dev.lachesis.core.proc.TaskStat;
import dev.lachesis.translators.realtime.LivelockJudge.Demote;
import dev.lachesis.translators.realtime.LivelockJudge.Excused;
import dev.lachesis.translators.realtime.LivelockJudge.Keep;
import dev.lachesis.translators.realtime.LivelockJudge.Starving;
import dev.lachesis.translators.realtime.LivelockJudge.Verdict;
import dev.lachesis.translators.realtime.QueryProgress.Reading;
import dev.lachesis.translators.cgroup.CgroupHierarchy;
import dev.lachesis.translators.kernel.Kernel;
import dev.lachesis.translators.kernel.KernelException;
import dev.lachesis.translators.kernel.SchedPolicy;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The real-time safety net: a daemon thread at the top SCHED_FIFO priority that looks every
 * {@code period} and, when {@link LivelockJudge} finds a livelock, hands a one-line reason with the
 * evidence to the translator, which demotes every RT thread it set at once and backs off. Each look
 * reads {@code stat} (and, when runnable, {@code schedstat}) of every thread the translator made
 * real-time, keeping the run times of operators' threads for a while ({@link RunTimeHistory}), the
 * {@code Cpus_allowed_list} of their processes (where the {@link Canaries} must watch), and the
 * kernel's RT throttling settings; the queries' progress and the operators' newest intervals come
 * from the rounds the translator observed.
 *
 * <p>Beyond saturation a strict-priority policy starves its lowest thread on purpose; the old rule,
 * "one RT thread runnable without CPU for {@code stall}", read that as a livelock and turned real
 * time off within 1–2 s on Storm and Flink alike. Now such a thread trips the watchdog only when its
 * query shows no progress. A query without any progress reading — a process that is no SPE's, as in
 * the kernel test — keeps the old rule and its reaction within the stall time. The SCHED_OTHER
 * threads of the machine are the canaries' to watch: they starve only when RT threads may hold a CPU
 * for longer than the kernel's throttling allows, which replaces watching every thread of the RT
 * threads' processes when throttling is off.
 *
 * <p>A thread let be that has waited {@code lend-after} for the CPU is lent the top priority until
 * the next look ({@link WatchdogActions#lendTop}): what it holds, others of its JVM wait for.
 *
 * <p>Each condition is logged once: a demotion by the translator (with this reason), the first
 * starving thread let be per query until the next demotion (at info, with its query's progress), and
 * the throttling settings when first read and when they change. Thread-safe (start/close from any
 * thread; looks run on its own thread).
 */
final class RtWatchdog implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(RtWatchdog.class);

    private final String name;
    private final Kernel kernel;
    private final ProcFs proc;
    private final CgroupHierarchy cgroups;
    private final WatchdogSettings settings;
    private final Canaries canaries;
    private final Supplier<Map<ThreadRef, QueryKey>> rtThreads;
    private final Supplier<Map<ThreadRef, OperatorKey>> operatorThreads;
    private final Function<QueryKey, Optional<Reading>> progress;
    private final WatchdogActions actions;
    private final LongSupplier nanoClock;
    private final LongSupplier epochMillis;
    private final StallDetector detector;
    /** Long enough for an interval reported a few seconds late; an SPE reporting less often falls to the query rule. */
    private final RunTimeHistory runTimes = new RunTimeHistory(15_000);
    private final SpinFinder spinFinder;
    /** How long each canary has been starving, whatever the length: the judge weighs it against throttling. */
    private final StallDetector canaryDetector = new StallDetector(0);
    private final LivelockJudge judge;
    private final Thread thread;
    private volatile boolean running = true;
    // The rest is the watchdog thread's own.
    private RtThrottling throttling;
    private final Set<QueryKey> excusedLogged = new HashSet<>();
    private final Set<QueryKey> lendingLogged = new HashSet<>();

    /**
     * @param cgroups the cpu hierarchy, or {@code null}; its root group's RT budget bounds throttling
     * @param rtThreads the threads the translator currently has made real-time, with their queries
     * @param operatorThreads those of them that are an operator's main thread, with their operators
     * @param progress the newest progress reading of a query
     * @param intervals the newest reported interval of an operator
     * @param actions demotes every RT thread when the judge finds a livelock, and lends starving ones the top
     * @param nanoClock the time, on the scale of the progress readings
     * @param epochMillis the wall-clock time, on the scale of the intervals
     */
    RtWatchdog(String name, Kernel kernel, ProcFs proc, CgroupHierarchy cgroups, WatchdogSettings settings,
               Canaries canaries, Supplier<Map<ThreadRef, QueryKey>> rtThreads,
               Supplier<Map<ThreadRef, OperatorKey>> operatorThreads, Function<QueryKey, Optional<Reading>> progress,
               Function<OperatorKey, Optional<OperatorIntervals.Interval>> intervals, WatchdogActions actions,
               LongSupplier nanoClock, LongSupplier epochMillis) {
        this.name = name;
        this.kernel = kernel;
        this.proc = proc;
        this.cgroups = cgroups;
        this.settings = settings;
        this.canaries = canaries;
        this.rtThreads = rtThreads;
        this.operatorThreads = operatorThreads;
        this.progress = progress;
        this.actions = actions;
        this.nanoClock = nanoClock;
        this.epochMillis = epochMillis;
        this.detector = new StallDetector(settings.stall().toNanos());
        this.spinFinder = new SpinFinder(runTimes, intervals);
        this.judge = new LivelockJudge(settings.stall().toNanos(), settings.progressAge().toNanos());
        this.thread = new Thread(this::run, "lachesis-rt-watchdog-" + name);
        this.thread.setDaemon(true);
    }

    void start() {
        thread.start();
    }

    private void run() {
        try {
            kernel.setScheduler(kernel.currentTid(), SchedPolicy.FIFO, 99);
        } catch (KernelException e) {
            LOG.warn("{}: the RT watchdog could not raise itself to SCHED_FIFO 99 ({}); it may be starved itself", name,
                    e.getMessage());
        }
        long periodMillis = settings.period().toMillis();
        while (running) {
            try {
                Thread.sleep(periodMillis);
            } catch (InterruptedException e) {
                return;
            }
            if (!running) {
                return;
            }
            try {
                look();
            } catch (RuntimeException e) {
                LOG.warn("{}: the RT watchdog's look failed: {}", name, e.toString());
            }
        }
    }

    private void look() {
        if (settings.lends()) {
            actions.endLoans();
        }
        Map<ThreadRef, QueryKey> promoted = rtThreads.get();
        // After the call above, which waits while the translator applies a round (its journal syncs to disk).
        long now = nanoClock.getAsLong();
        long nowMillis = epochMillis.getAsLong();
        if (promoted.isEmpty()) {
            detector.endRound();
            canaryDetector.endRound();
            runTimes.reset();
            return;
        }
        Map<ThreadRef, OperatorKey> operators = new HashMap<>(operatorThreads.get());
        operators.keySet().retainAll(promoted.keySet());
        runTimes.retainOnly(operators.keySet());
        Map<ThreadRef, String> names = new HashMap<>();
        List<Starving> starving = new ArrayList<>();
        Set<Integer> pids = new TreeSet<>();
        for (Map.Entry<ThreadRef, QueryKey> e : promoted.entrySet()) {
            ThreadRef ref = e.getKey();
            pids.add(ref.pid());
            Optional<TaskStat> stat = proc.taskStat(ref.pid(), ref.tid());
            if (stat.isEmpty() || stat.get().state() != 'R') {
                continue;
            }
            Optional<Long> runTime = proc.runTimeNanos(ref.pid(), ref.tid());
            if (runTime.isEmpty()) {
                continue;
            }
            if (operators.containsKey(ref)) {
                OptionalLong sleeps = proc.voluntarySwitches(ref.pid(), ref.tid());
                if (sleeps.isPresent()) {
                    runTimes.record(ref, nowMillis, runTime.get(), sleeps.getAsLong());
                    names.put(ref, stat.get().comm());
                }
            }
            Optional<Long> stalled = detector.observe(ref, 'R', runTime.get(), now);
            if (stalled.isPresent()) {
                starving.add(new Starving(ref, stat.get().comm(), stalled.get(), e.getValue()));
            }
        }
        detector.endRound();
        RtThrottling throttlingNow = RtThrottling.read(proc, cgroups);
        Verdict verdict = judge.judge(starvedCanaries(proc.allowedCpus(pids), now), throttlingNow,
                spinFinder.find(operators, names, nowMillis), starving, progress, now);
        // Logging comes last: writing a line can block on a slow pipe behind stderr (in a kernel test on
        // the loaded machine the first look's line came out 2 s after the look began), and the verdict
        // must not wait for it.
        if (verdict instanceof Demote d) {
            detector.reset();
            runTimes.reset();
            canaryDetector.reset();
            excusedLogged.clear();
            lendingLogged.clear();
            actions.demoteAll(d.reason());
        } else if (verdict instanceof Keep keep) {
            for (Excused x : keep.excused()) {
                logExcused(x);
            }
            lendToTheLongStarving(keep.excused());
        }
        logIfChanged(throttlingNow);
    }

    /** Per CPU, how long its canary has been runnable without getting the CPU, for canaries runnable now. */
    private Map<Integer, Long> starvedCanaries(Set<Integer> cpus, long now) {
        Map<Integer, Long> starved = new TreeMap<>();
        for (Map.Entry<Integer, ThreadRef> canary : canaries.threads(cpus).entrySet()) {
            ThreadRef ref = canary.getValue();
            Optional<TaskStat> stat = proc.taskStat(ref.pid(), ref.tid());
            Optional<Long> runTime = proc.runTimeNanos(ref.pid(), ref.tid());
            if (stat.isPresent() && stat.get().state() == 'R' && runTime.isPresent()) {
                Optional<Long> stalled = canaryDetector.observe(ref, 'R', runTime.get(), now);
                if (stalled.isPresent()) {
                    starved.put(canary.getKey(), stalled.get());
                }
            }
        }
        canaryDetector.endRound();
        return starved;
    }

    private void logExcused(Excused x) {
        boolean first = excusedLogged.add(x.thread().query());
        if (first || LOG.isDebugEnabled()) {
            String message = "{}: {}, but {} progresses ({} tuples/s processed, read {} ms ago): starvation"
                    + " its policy intends, not a livelock; real time stays on"
                    + (first ? " (said once per query until real time is next turned off)" : "");
            Object[] args = {name, x.thread().describe(), x.thread().query(), Math.round(x.progress().tuplesPerSecond()),
                    x.ageNanos() / 1_000_000};
            if (first) {
                LOG.info(message, args);
            } else {
                LOG.debug(message, args);
            }
        }
    }

    /**
     * Lends the top priority, until the next look, to the excused threads that went without CPU for
     * {@code lend-after}: their queries progress, so their starvation is the policy's, but what a
     * starved thread holds (a lock, the JVM's way to its next safepoint) others wait for, the
     * worker's metrics reporter among them. Logged once per query until the next demotion.
     */
    private void lendToTheLongStarving(List<Excused> excused) {
        if (!settings.lends()) {
            return;
        }
        long lendAfterNanos = settings.lendAfter().toNanos();
        List<ThreadRef> lend = new ArrayList<>();
        for (Excused x : excused) {
            if (x.thread().stalledNanos() >= lendAfterNanos) {
                lend.add(x.thread().thread());
                if (lendingLogged.add(x.thread().query())) {
                    LOG.info("{}: {}: lending it the top priority for {} ms, as to every thread of {} that goes"
                                    + " {} ms without CPU (said once per query until real time is next turned off)", name,
                            x.thread().describe(), settings.period().toMillis(), x.thread().query(),
                            settings.lendAfter().toMillis());
                }
            }
        }
        if (!lend.isEmpty()) {
            actions.lendTop(lend);
        }
    }

    /** Logs the kernel's RT throttling when first read and when it changes. */
    private void logIfChanged(RtThrottling now) {
        if (!now.equals(throttling)) {
            throttling = now;
            LOG.info("{}: {}: the RT watchdog's canaries may wait {} ms longer than the {} ms stall", name,
                    now.describe(), now.allowanceNanos() / 1_000_000, settings.stall().toMillis());
        }
    }

    @Override
    public void close() {
        running = false;
        thread.interrupt();
        try {
            thread.join(2_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        canaries.close();
    }
}
