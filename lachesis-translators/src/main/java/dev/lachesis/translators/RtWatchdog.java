package dev.lachesis.translators;

import dev.lachesis.core.model.ThreadRef;
import dev.lachesis.core.proc.ProcFs;
import dev.lachesis.core.proc.TaskStat;
import dev.lachesis.translators.kernel.Kernel;
import dev.lachesis.translators.kernel.KernelException;
import dev.lachesis.translators.kernel.SchedPolicy;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Guards against real-time livelock: RT priorities on a pipeline can let one thread spin on a full
 * queue while the thread that would empty it never runs (seen with Storm on one core; RT throttling
 * does not help when all share one budget). A daemon thread at the top SCHED_FIFO priority looks every
 * {@code period} at the threads of each process the translator made real-time; when one is runnable
 * but gets no CPU for {@code stall}, it hands a one-line reason to the translator, which demotes every
 * RT thread it set at once and backs off. Reads {@code stat} and {@code schedstat} only. Thread-safe
 * (start/close from any thread; checks run on its own thread).
 */
final class RtWatchdog implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(RtWatchdog.class);

    private final String name;
    private final Kernel kernel;
    private final ProcFs proc;
    private final WatchdogSettings settings;
    private final Supplier<Set<Integer>> watchedPids;
    private final Consumer<String> demote;
    private final StallDetector detector;
    private final Thread thread;
    private volatile boolean running = true;

    /**
     * @param watchedPids the processes that currently have RT threads set by the translator
     * @param demote called with the reason when a process stops making progress
     */
    RtWatchdog(String name, Kernel kernel, ProcFs proc, WatchdogSettings settings, Supplier<Set<Integer>> watchedPids,
               Consumer<String> demote) {
        this.name = name;
        this.kernel = kernel;
        this.proc = proc;
        this.settings = settings;
        this.watchedPids = watchedPids;
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
        long now = System.nanoTime();
        String reason = null;
        for (int pid : watchedPids.get()) {
            for (int tid : proc.tids(pid)) {
                Optional<TaskStat> stat = proc.taskStat(pid, tid);
                if (stat.isEmpty() || stat.get().state() != 'R') {
                    continue;
                }
                Optional<Long> runTime = proc.runTimeNanos(pid, tid);
                if (runTime.isEmpty()) {
                    continue;
                }
                Optional<Long> stalled = detector.observe(new ThreadRef(pid, tid), 'R', runTime.get(), now);
                if (stalled.isPresent() && reason == null) {
                    reason = "thread '" + stat.get().comm() + "' (" + pid + "/" + tid + ") was runnable but got no CPU"
                            + " for " + stalled.get() / 1_000_000 + " ms";
                }
            }
        }
        detector.endRound();
        if (reason != null) {
            detector.reset();
            demote.accept(reason);
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
    }
}
