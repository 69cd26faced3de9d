package dev.lachesis.experiments.sweep;

import dev.lachesis.experiments.launch.QueryLauncher;
import dev.lachesis.experiments.launch.RunningQuery;
import dev.lachesis.experiments.mode.HandSetPriority;
import dev.lachesis.experiments.mode.SchedulingMode;
import dev.lachesis.experiments.run.DaemonConfig;
import dev.lachesis.experiments.run.DaemonRun;
import dev.lachesis.experiments.run.MetricStore;
import dev.lachesis.experiments.run.PhaseResult;
import dev.lachesis.experiments.run.ProcessUsage;
import dev.lachesis.experiments.run.RestoreCheck;
import dev.lachesis.experiments.run.RoundLog;
import dev.lachesis.experiments.run.RunStopped;
import dev.lachesis.experiments.run.SinkMeter;
import dev.lachesis.experiments.run.ThreadSched;
import dev.lachesis.testkit.ChildJvm;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the trials of a sweep or a saturation search one after the other, each with processes of its
 * own: the query (its {@link QueryLauncher}), an observer ({@code lachesis run --dry-run} planning
 * QS-IO, so every mode's queues are seen the same way and RANDOM's too) and, unless the mode is OS,
 * the acting daemon ({@code lachesis run} with the mode's policy and translator). After the warm-up,
 * and once a backlog left from start-up has drained ({@link StartUpDrain}),
 * it measures the sink, the observer's queues, the values the daemon applied, and the daemon's CPU
 * time and round times; then it stops the daemon (which restores every thread), checks every thread
 * of the query against how it was before, and stops the rest. The metric store outlives the trials.
 *
 * <p>{@link #close()} may run on a shutdown hook's thread while {@link #run} is in flight: it
 * stops the trial's processes, the daemon first so it restores what it changed. A query still
 * starting is stopped by its launcher: {@code close()} interrupts the thread that waits for it and
 * returns once the launcher has given up, so the JVM does not halt before the query's process has
 * ended and its files are gone.
 */
final class TrialRunner implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(TrialRunner.class);
    /** How long a sink report may lag behind the end of its interval. */
    private static final Duration REPORT_DELAY = Duration.ofSeconds(5);
    /** The longest a window waits after the warm-up for a start-up backlog to drain (within the input's slack). */
    private static final Duration MAX_DRAIN_WAIT = Duration.ofSeconds(30);
    /** Each of the two stretches of sink reports compared to see a backlog drain. */
    private static final long DRAIN_STRETCH_MILLIS = 2_000;

    private final TrialSettings settings;
    private final QueryLauncher launcher;
    private final MetricStore store;
    private final Path work;
    private final Path journal;
    private final String cgroupRoot;
    private final CountDownLatch stopRequested = new CountDownLatch(1);
    /** Guarded by {@code this}. */
    private RunningQuery query;
    /** The thread in {@link QueryLauncher#start} while it is there. */
    private Thread starting;
    private ChildJvm observer;
    private ChildJvm daemon;
    private boolean closed;
    /**
     * For a query that declares no hand-set priority, the one measured in this sitting's first OS
     * trial (its heaviest operator by CPU share), as a user measures once and writes it down; STATIC
     * then applies it. Null before an OS trial ran.
     */
    private HandSetPriority measuredHandSet;

    private final Path input;

    /** @param input the file the query replays, or null when it generates its own tuples */
    TrialRunner(TrialSettings settings, QueryLauncher launcher, MetricStore store, Path work, Path input) {
        this.input = input;
        this.settings = settings;
        this.launcher = launcher;
        this.store = store;
        this.work = work;
        this.journal = work.resolve("journal.json");
        this.cgroupRoot = "lachesis-sweep-" + ProcessHandle.current().pid();
    }

    /** The cgroup under which the daemon may create groups; none may be left after a trial. */
    String cgroupRoot() {
        return cgroupRoot;
    }

    TrialResult run(Trial trial) throws IOException, TimeoutException, InterruptedException, RunStopped {
        SinkMeter meter = new SinkMeter(line -> LOG.debug("spe: {}", line));
        RunningQuery q = startQuery(trial, meter);
        long start = System.currentTimeMillis();
        Map<Long, ThreadSched> before = threadsOf(q.pids(), ThreadSched::allOf);

        boolean severalSpes = q.spes().size() > 1;
        RoundLog observed = new RoundLog(line -> LOG.debug("observer: {}", line), severalSpes);
        registerObserver(startDaemon(q, SchedulingMode.OS, observed, true));
        RoundLog acted = new RoundLog(line -> LOG.debug("daemon: {}", line), severalSpes);
        ChildJvm d = null;
        if (trial.mode().applies()) {
            d = registerDaemon(startDaemon(q, trial.mode(), acted, false));
        }

        awaitUntil(start + settings.warmUp().toMillis());
        long measureFrom = awaitSteadyIntake(meter, trial, awaitStartUpBacklogDrained(meter, trial));
        long end = measureFrom + settings.measure().toMillis();
        if (d != null && !d.isAlive()) {
            throw new IOException("the daemon of " + trial.mode().label() + " (lachesis run, PID " + d.pid()
                    + ") exited before the measurement window; its error is above");
        }
        Optional<Double> cpuFrom = d == null ? Optional.empty() : ProcessUsage.cpuSeconds(d.pid());
        Map<Long, Optional<Double>> speCpuFrom = cpuSecondsOf(q.pids());
        Map<Long, Double> threadCpuFrom = threadsOf(q.pids(), ProcessUsage::threadCpuSeconds);
        awaitUntil(end);
        Optional<Double> cpuTo = d == null ? Optional.empty() : ProcessUsage.cpuSeconds(d.pid());
        Map<Long, Optional<Double>> speCpuTo = cpuSecondsOf(q.pids());
        Map<Long, Double> threadCpuTo = threadsOf(q.pids(), ProcessUsage::threadCpuSeconds);
        Map<Long, ThreadSched> schedAtEnd = threadsOf(q.pids(), ThreadSched::allOf);
        double peakRssMib = d == null ? Double.NaN : ProcessUsage.peakResidentMib(d.pid()).orElse(Double.NaN);
        if (!meter.awaitReportAfter(end, REPORT_DELAY)) {
            LOG.warn("No sink report came within {} s of the window's end at {} t/s, {}; measuring what came",
                    REPORT_DELAY.toSeconds(), trial.rate(), trial.mode().label());
        }
        PhaseResult sink = meter.window(trial.mode().label(), measureFrom, end);

        List<String> problems = stopDaemon();
        q.pids().forEach(pid -> problems.addAll(RestoreCheck.changedThreads(pid, before)));
        stopObserverAndQuery();

        List<RoundLog.Round> observerRounds = observed.between(measureFrom, end);
        List<RoundLog.Round> daemonRounds = acted.between(measureFrom, end);
        double seconds = (end - measureFrom) / 1000.0;
        double cpuShare = share(cpuFrom, cpuTo, seconds);
        double[] durations = daemonRounds.stream().mapToDouble(RoundLog.Round::durationMs).toArray();
        Map<String, TrialResult.OperatorStats> operators = operators(observerRounds, daemonRounds,
                threadCpu(threadCpuFrom, threadCpuTo, seconds), schedAtEnd);
        if (trial.mode() == SchedulingMode.OS && measuredHandSet == null) {
            Map<String, Double> shares = new TreeMap<>();
            operators.forEach((name, stats) -> shares.put(name, stats.cpuShare()));
            HandSetPriority.measured(shares, launcher.sourceOperator()).ifPresent(h -> measuredHandSet = h);
        }
        List<TrialResult.PartResult> parts = q.parts().stream().map(p -> new TrialResult.PartResult(p.spe(),
                p.waitStrategy(), p.sink().window(trial.mode().label(), measureFrom, end),
                p.sink().sourceHalfChange(measureFrom, end),
                share(speCpuFrom.get(p.pid()), speCpuTo.get(p.pid()), seconds))).toList();
        return new TrialResult(trial, sink, meter.endToEndGrowth(measureFrom, end),
                meter.sourceHalfChange(measureFrom, end), QueueBalance.meanCv(observerRounds),
                operators, cpuShare, totalShare(speCpuFrom, speCpuTo, seconds), Percentile.of(durations, 0.5),
                Percentile.of(durations, 0.99), daemonRounds.size(), peakRssMib, problems, measureFrom,
                meter.reports().stream().filter(r -> r.endEpochMillis() <= end).toList(),
                trial.rep() == 1 ? RoundSamples.of(observerRounds, daemonRounds) : List.of(), parts,
                ScheduleSteadiness.topJumps(daemonRounds));
    }

    /** Per thread id, what {@code perProcess} reads for each of {@code pids}, merged (thread ids are unique). */
    private static <V> Map<Long, V> threadsOf(List<Long> pids, Function<Long, Map<Long, V>> perProcess) {
        Map<Long, V> merged = new TreeMap<>();
        pids.forEach(pid -> merged.putAll(perProcess.apply(pid)));
        return merged;
    }

    /** Per JVM, its CPU seconds so far, empty when it cannot be read. */
    private static Map<Long, Optional<Double>> cpuSecondsOf(List<Long> pids) {
        Map<Long, Optional<Double>> seconds = new TreeMap<>();
        pids.forEach(pid -> seconds.put(pid, ProcessUsage.cpuSeconds(pid)));
        return seconds;
    }

    /** The share of a core the JVMs used together between two readings; NaN when one reading is missing. */
    private static double totalShare(Map<Long, Optional<Double>> from, Map<Long, Optional<Double>> to, double seconds) {
        return from.keySet().stream().mapToDouble(pid -> share(from.get(pid), to.get(pid), seconds)).sum();
    }

    /**
     * Waits, second by second and at most {@link #MAX_DRAIN_WAIT}, while the sink's reports show a
     * {@linkplain StartUpDrain backlog from start-up} in front of the query, and returns when the window starts.
     */
    private long awaitStartUpBacklogDrained(SinkMeter meter, Trial trial) throws InterruptedException, RunStopped {
        long from = System.currentTimeMillis();
        long giveUp = from + MAX_DRAIN_WAIT.toMillis();
        long now = from;
        while (now < giveUp && StartUpDrain.backlogLeft(
                medianEndToEnd(meter, now - 2 * DRAIN_STRETCH_MILLIS, now - DRAIN_STRETCH_MILLIS),
                medianEndToEnd(meter, now - DRAIN_STRETCH_MILLIS, now), DRAIN_STRETCH_MILLIS / 1000.0)) {
            awaitUntil(now + 1_000);
            now = System.currentTimeMillis();
        }
        if (now >= giveUp) {
            LOG.warn("At {} t/s, {}: a start-up backlog was still there {} s after the warm-up; measuring anyway",
                    trial.rate(), trial.mode().label(), MAX_DRAIN_WAIT.toSeconds());
        } else if (now > from) {
            LOG.info("At {} t/s, {}: waited {} s after the warm-up for a start-up backlog to drain",
                    trial.rate(), trial.mode().label(), (now - from) / 1000);
        }
        return now;
    }

    /**
     * Waits, five seconds at a time and at most the settings' {@code maxSettle} from {@code from},
     * while the intake at the source still changes ({@link SteadyIntake}), and returns when the
     * window starts.
     */
    private long awaitSteadyIntake(SinkMeter meter, Trial trial, long from) throws InterruptedException, RunStopped {
        long giveUp = from + settings.maxSettle().toMillis();
        long stretch = SteadyIntake.STRETCH_SECONDS * 1000L;
        long now = from;
        while (now < giveUp && SteadyIntake.stillChanging(
                meter.window("stretch", now - 3 * stretch, now - 2 * stretch).sourceThroughput(),
                meter.window("stretch", now - 2 * stretch, now - stretch).sourceThroughput(),
                meter.window("stretch", now - stretch, now).sourceThroughput())) {
            awaitUntil(now + 5_000);
            now = System.currentTimeMillis();
        }
        if (settings.maxSettle().isZero()) {
            return from;
        }
        if (now >= giveUp) {
            LOG.warn("At {} t/s, {}: the intake still changed {} s after the warm-up; measuring anyway",
                    trial.rate(), trial.mode().label(), settings.maxSettle().toSeconds());
        } else if (now > from) {
            LOG.info("At {} t/s, {}: waited {} s after the warm-up for the intake to settle",
                    trial.rate(), trial.mode().label(), (now - from) / 1000);
        }
        return now;
    }

    private static double medianEndToEnd(SinkMeter meter, long fromEpochMillis, long toEpochMillis) {
        return meter.window("stretch", fromEpochMillis, toEpochMillis).endToEnd().quantileMicros(0.5);
    }

    /**
     * Per operator seen by the observer: its mean queue (NaN when no round had it), the mean value the
     * daemon applied to the thread itself (nice or real-time; a query group's share is left out), the
     * CPU share of its main threads ({@code cpuShares}: thread id → share of one
     * core in the window) and their scheduling in {@code /proc} at the window's end.
     */
    private static Map<String, TrialResult.OperatorStats> operators(List<RoundLog.Round> observed,
                                                                     List<RoundLog.Round> acted,
                                                                     Map<Long, Double> cpuShares,
                                                                     Map<Long, ThreadSched> schedAtEnd) {
        Map<String, Double> queues = RoundLog.meanPerOperator(observed, RoundLog.OperatorThread::queue);
        List<RoundLog.Round> threadRounds = acted.stream().map(RoundLog.Round::threadPriorities).toList();
        Map<String, Double> values = RoundLog.meanPerOperator(threadRounds, t -> t.value());
        Map<String, Set<Long>> threads = RoundLog.mainThreads(observed);
        Map<String, String> mechanisms = new TreeMap<>();
        threadRounds.forEach(r -> r.operators().forEach(t -> mechanisms.put(t.operator(), t.mechanism())));
        Map<String, TrialResult.OperatorStats> operators = new TreeMap<>();
        threads.forEach((operator, tids) -> {
            double queue = queues.getOrDefault(operator, Double.NaN);
            double[] shares = tids.stream().filter(cpuShares::containsKey).mapToDouble(cpuShares::get).toArray();
            String sched = tids.stream().map(schedAtEnd::get).filter(Objects::nonNull).map(ThreadSched::label)
                    .distinct().sorted().collect(Collectors.joining("|"));
            operators.put(operator, new TrialResult.OperatorStats(queue, values.getOrDefault(operator, Double.NaN),
                    mechanisms.getOrDefault(operator, "none"), shares.length == 0 ? Double.NaN
                    : Arrays.stream(shares).sum(), sched.isEmpty() ? "gone" : sched));
        });
        return operators;
    }

    /** CPU seconds between two readings over {@code seconds}: a share of one core; NaN when either is missing. */
    private static double share(Optional<Double> from, Optional<Double> to, double seconds) {
        return from.isPresent() && to.isPresent() ? (to.get() - from.get()) / seconds : Double.NaN;
    }

    /** Thread id → CPU seconds between the two readings over {@code seconds}, for threads in both. */
    private static Map<Long, Double> threadCpu(Map<Long, Double> from, Map<Long, Double> to, double seconds) {
        Map<Long, Double> shares = new TreeMap<>();
        to.forEach((tid, cpu) -> {
            Double before = from.get(tid);
            if (before != null) {
                shares.put(tid, (cpu - before) / seconds);
            }
        });
        return shares;
    }

    private ChildJvm startDaemon(RunningQuery q, SchedulingMode mode, RoundLog rounds, boolean observe)
            throws IOException {
        HandSetPriority handSet = launcher.handSetPriority().orElse(measuredHandSet);
        if (mode == SchedulingMode.STATIC && handSet == null) {
            throw new IOException(launcher.query() + " declares no heaviest operator and no OS trial measured one"
                    + " yet: run OS before STATIC in --modes");
        }
        Path config = new DaemonConfig(q.spes(), mode, store.httpPort(), settings.period(),
                observe ? work.resolve("observer-journal.json") : journal, cgroupRoot, handSet)
                .writeTo(work.resolve((observe ? "observer" : mode.fileName()) + ".yaml"));
        return DaemonRun.start(settings.lachesisOnOtherCpus(), config, !observe, rounds);
    }

    private void awaitUntil(long epochMillis) throws InterruptedException, RunStopped {
        long left = epochMillis - System.currentTimeMillis();
        if (left > 0 && stopRequested.await(left, TimeUnit.MILLISECONDS)) {
            throw new RunStopped("the sweep");
        }
        if (stopRequested.getCount() == 0) {
            throw new RunStopped("the sweep");
        }
    }

    /**
     * Starts the trial's query and keeps it for {@link #close()}, which meanwhile interrupts this
     * thread and waits until the launcher has stopped what it started.
     */
    private RunningQuery startQuery(Trial trial, SinkMeter meter)
            throws IOException, TimeoutException, InterruptedException, RunStopped {
        synchronized (this) {
            if (closed) {
                throw new RunStopped("the sweep");
            }
            starting = Thread.currentThread();
        }
        try {
            RunningQuery q = launcher.start(trial.rate(), settings.speCpus(), store.carbonPort(), input, meter);
            synchronized (this) {
                if (!closed) {
                    query = q;
                    return q;
                }
            }
            // The start completed before close()'s interrupt could abort it: clear that, stop the query.
            Thread.interrupted();
            q.close();
            throw new RunStopped("the sweep");
        } catch (InterruptedException e) {
            synchronized (this) {
                if (closed) {
                    throw new RunStopped("the sweep");
                }
            }
            throw e;
        } finally {
            synchronized (this) {
                starting = null;
                notifyAll();
            }
        }
    }

    private synchronized void registerObserver(ChildJvm o) throws RunStopped {
        if (closed) {
            o.close();
            throw new RunStopped("the sweep");
        }
        observer = o;
    }

    private synchronized ChildJvm registerDaemon(ChildJvm d) throws RunStopped {
        if (closed) {
            d.close();
            throw new RunStopped("the sweep");
        }
        daemon = d;
        return d;
    }

    /**
     * Stops the acting daemon (SIGTERM: it restores every thread it touched) and, should it have left
     * its journal, restores from it with {@code lachesis restore}.
     *
     * @return what went wrong, empty when the daemon restored by itself
     */
    private synchronized List<String> stopDaemon() {
        List<String> problems = new ArrayList<>();
        if (daemon != null) {
            daemon.close();
            daemon = null;
        }
        if (Files.exists(journal)) {
            problems.add("the daemon left its journal " + journal + "; ran lachesis restore");
            problems.addAll(RestoreCheck.restoreFromJournal(settings.lachesisOnOtherCpus(), journal,
                    line -> LOG.info("lachesis restore: {}", line)));
        }
        RestoreCheck.leftoverCgroups(cgroupRoot).forEach(g -> problems.add("cgroup " + g + " is left"));
        return problems;
    }

    private synchronized void stopObserverAndQuery() {
        if (observer != null) {
            observer.close();
            observer = null;
        }
        if (query != null) {
            query.close();
            query = null;
        }
    }

    /** Stops the running trial's processes, the daemon first. Safe to call twice and from a shutdown hook. */
    @Override
    public void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            if (starting != null) {
                starting.interrupt();
            }
        }
        stopRequested.countDown();
        synchronized (this) {
            awaitStartAbandoned();
            List<String> problems = stopDaemon();
            problems.forEach(p -> LOG.warn("On stop: {}", p));
            stopObserverAndQuery();
        }
    }

    /** Waits until no query is starting any more: its launcher has stopped what it started. */
    private synchronized void awaitStartAbandoned() {
        while (starting != null) {
            try {
                wait();
            } catch (InterruptedException e) {
                LOG.warn("Stopped waiting for the query being started to stop");
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
