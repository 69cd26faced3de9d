package dev.lachesis.translators;

import dev.lachesis.core.model.ThreadRef;
import dev.lachesis.core.proc.ProcFs;
import dev.lachesis.core.proc.TaskStat;
import dev.lachesis.translators.kernel.Kernel;
import dev.lachesis.translators.kernel.KernelException;
import dev.lachesis.translators.kernel.SchedPolicy;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Guards against real-time livelock: RT priorities on a pipeline can let one thread spin on a full
 * queue while the thread that would empty it never runs (seen with Storm on one core; RT throttling
 * does not help when all share one budget). A daemon thread at the top SCHED_FIFO priority looks every
 * {@code period} at the threads the translator made real-time; when one is runnable but gets no CPU
 * for {@code stall}, it hands a one-line reason to the translator, which demotes every RT thread it
 * set at once and backs off.
 *
 * <p>Only the RT threads are watched, because that is where a livelock is: an RT thread spinning
 * while a lower (or equal) RT thread that would drain its queue never runs. The SCHED_OTHER threads
 * of the same processes cannot starve while the kernel throttles real-time threads: the RT budget
 * (the group's {@code cpu.rt_runtime_us}, within the kernel's {@code sched_rt_runtime_us}, by default
 * 950000 of every 1000000 µs) leaves them a share of every period, so they may wait up to the budget
 * but then run. When throttling is off ({@code /proc/sys/kernel/sched_rt_runtime_us} is -1, or as
 * large as {@code sched_rt_period_us}) nothing bounds the RT threads, and every thread of their
 * processes is watched, as it is when those settings cannot be read. Both settings are read on each look that has RT threads to watch:
 * two small reads against two per watched thread, and a {@code sysctl} made while the daemon runs
 * counts from the next look. Each watched thread costs a read of {@code stat} and, when runnable, of
 * {@code schedstat}; watching all ~150 threads of a Storm worker cost 0.19% of a core at one look a
 * second. Thread-safe (start/close from any thread; checks run on its own thread).
 */
final class RtWatchdog implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(RtWatchdog.class);

    private final String name;
    private final Kernel kernel;
    private final ProcFs proc;
    private final WatchdogSettings settings;
    private final Supplier<Set<ThreadRef>> rtThreads;
    private final Consumer<String> demote;
    private final StallDetector detector;
    private final Thread thread;
    private volatile boolean running = true;
    /** Whether the last look found RT threads throttled; {@code null} before the first. Watchdog thread only. */
    private Boolean throttled;

    /**
     * @param rtThreads the threads the translator currently has made real-time
     * @param demote called with the reason when a watched thread starves
     */
    RtWatchdog(String name, Kernel kernel, ProcFs proc, WatchdogSettings settings, Supplier<Set<ThreadRef>> rtThreads,
               Consumer<String> demote) {
        this.name = name;
        this.kernel = kernel;
        this.proc = proc;
        this.settings = settings;
        this.rtThreads = rtThreads;
        this.demote = demote;
        this.detector = new StallDetector(settings.stall().toNanos());
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
                check();
            } catch (RuntimeException e) {
                LOG.warn("{}: the RT watchdog's check failed: {}", name, e.toString());
            }
        }
    }

    private void check() {
        Set<ThreadRef> promoted = rtThreads.get();
        String reason = null;
        if (!promoted.isEmpty()) {
            long now = System.nanoTime();
            for (ThreadRef ref : watched(promoted)) {
                Optional<TaskStat> stat = proc.taskStat(ref.pid(), ref.tid());
                if (stat.isEmpty() || stat.get().state() != 'R') {
                    continue;
                }
                Optional<Long> runTime = proc.runTimeNanos(ref.pid(), ref.tid());
                if (runTime.isEmpty()) {
                    continue;
                }
                Optional<Long> stalled = detector.observe(ref, 'R', runTime.get(), now);
                if (stalled.isPresent() && reason == null) {
                    reason = "thread '" + stat.get().comm() + "' (" + ref.pid() + "/" + ref.tid() + ") was runnable but got"
                            + " no CPU for " + stalled.get() / 1_000_000 + " ms";
                }
            }
        }
        detector.endRound();
        if (reason != null) {
            detector.reset();
            demote.accept(reason);
        }
    }

    /** The RT threads themselves while the kernel throttles them, else every thread of their processes. */
    private Collection<ThreadRef> watched(Set<ThreadRef> promoted) {
        if (rtThrottled()) {
            return promoted;
        }
        Set<Integer> pids = new TreeSet<>();
        for (ThreadRef ref : promoted) {
            pids.add(ref.pid());
        }
        List<ThreadRef> all = new ArrayList<>();
        for (int pid : pids) {
            for (int tid : proc.tids(pid)) {
                all.add(new ThreadRef(pid, tid));
            }
        }
        return all;
    }

    /**
     * Whether the kernel's RT budget leaves other threads a share of every period: its runtime is
     * neither -1 nor the whole period. Logs when the answer is first known and when it changes.
     */
    private boolean rtThrottled() {
        OptionalLong runtime = proc.kernelSetting("sched_rt_runtime_us");
        OptionalLong period = proc.kernelSetting("sched_rt_period_us");
        boolean now = runtime.isPresent() && period.isPresent() && runtime.getAsLong() >= 0
                && runtime.getAsLong() < period.getAsLong();
        if (throttled == null || throttled != now) {
            throttled = now;
            LOG.info("{}: sched_rt_runtime_us {} of sched_rt_period_us {}: the RT watchdog watches {}", name,
                    describe(runtime), describe(period), now ? "only the real-time threads, which the kernel throttles"
                            : "every thread of their processes, since nothing throttles real-time threads");
        }
        return now;
    }

    private static String describe(OptionalLong setting) {
        return setting.isPresent() ? Long.toString(setting.getAsLong()) : "unreadable";
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
    }
}
