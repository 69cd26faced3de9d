package dev.lachesis.experiments.demo;

import dev.lachesis.experiments.launch.QueryLauncher;
import dev.lachesis.experiments.launch.RunningQuery;
import dev.lachesis.experiments.mode.SchedulingMode;
import dev.lachesis.experiments.run.CpuList;
import dev.lachesis.experiments.run.DaemonConfig;
import dev.lachesis.experiments.run.DaemonRun;
import dev.lachesis.experiments.run.EmbeddedStore;
import dev.lachesis.experiments.run.PhaseResult;
import dev.lachesis.experiments.run.QueryInput;
import dev.lachesis.experiments.run.RestoreCheck;
import dev.lachesis.experiments.run.RoundLog;
import dev.lachesis.experiments.run.RunStopped;
import dev.lachesis.experiments.run.SinkMeter;
import dev.lachesis.experiments.run.ThreadSched;
import dev.lachesis.testkit.ChildJvm;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.IntSummaryStatistics;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One run of {@code lachesis demo}: starts the embedded metric store ({@code lachesis store}), then
 * for each half (OS, then the chosen mode) the query afresh on the chosen SPE, through the sweep's
 * {@link QueryLauncher} and confined to the SPE's CPUs, with the daemon ({@code lachesis run})
 * beside it on the others, prints the live table while the half runs, and measures the sink after the
 * warm-up. A fresh query per half keeps the first half's backlog out of the second.
 *
 * <p>{@link #close()} undoes everything, whether the run finished or the shutdown hook calls it on
 * Ctrl-C: it stops the daemon (whose own shutdown restores every thread it touched), runs
 * {@code lachesis restore} on the journal if the daemon left one, checks every thread of the query's
 * JVM against what it was before the daemon started, then stops the query and the store. Thread-safe: {@code close}
 * may run on the hook's thread while {@link #run} is in flight on another.
 */
final class DemoRun implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(DemoRun.class);
    private static final Duration PERIOD = Duration.ofSeconds(1);
    private static final Duration RECENT = Duration.ofSeconds(5);
    /** How long a sink report may lag behind the end of its interval (its thread is not real-time). */
    private static final Duration REPORT_DELAY = Duration.ofSeconds(5);
    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss");

    private final DemoSettings settings;
    private final PrintWriter out;
    private final Path work;
    private final Path journal;
    private final String cgroupRoot;
    private final CountDownLatch stopRequested = new CountDownLatch(1);
    private final List<String> problems = new ArrayList<>();
    /** Guarded by {@code this}. */
    private EmbeddedStore store;
    private RunningQuery query;
    private ChildJvm daemon;
    private Map<Long, ThreadSched> queryBefore = Map.of();
    private boolean closed;

    DemoRun(DemoSettings settings, PrintWriter out) throws IOException {
        this.settings = settings;
        this.out = out;
        this.work = Files.createTempDirectory("lachesis-demo-");
        this.journal = work.resolve("journal.json");
        this.cgroupRoot = "lachesis-demo-" + ProcessHandle.current().pid();
    }

    /** Runs both halves and returns their results, OS first. */
    List<PhaseResult> run() throws IOException, TimeoutException, InterruptedException, RunStopped {
        EmbeddedStore s = startStore();
        Path input = null;
        if (settings.query().readsInput()) {
            long records = QueryInput.records(settings.rate(), settings.phase(), Duration.ZERO);
            out.printf("Input: %d seeded SenML sensor records (the generator runs in a JVM of its own) ...%n", records);
            out.flush();
            input = QueryInput.generate(work.resolve("input.senml"), records);
        }
        List<PhaseResult> results = new ArrayList<>();
        // The OS half (the daemon only plans), then the chosen mode's.
        for (SchedulingMode mode : List.of(SchedulingMode.OS, settings.mode())) {
            results.add(runHalf(mode, s.carbonPort(), s.httpPort(), input));
        }
        return results;
    }

    /** Problems found while undoing changes; empty when everything is as it was. */
    synchronized List<String> problems() {
        return List.copyOf(problems);
    }

    /** The cgroup under which the daemon could have created groups (none should remain). */
    String cgroupRoot() {
        return cgroupRoot;
    }

    /** The restore journal the daemon writes (it should be gone at the end). */
    Path journal() {
        return journal;
    }

    private EmbeddedStore startStore() throws IOException, TimeoutException, InterruptedException, RunStopped {
        EmbeddedStore s = EmbeddedStore.start(command(settings.otherCpus()));
        synchronized (this) {
            if (closed) {
                s.close();
                throw new RunStopped("the demo");
            }
            store = s;
        }
        out.println("Metric store: lachesis store, PID " + s.pid() + ", carbon plaintext on 127.0.0.1:" + s.carbonPort()
                + ", render API on http://127.0.0.1:" + s.httpPort());
        out.flush();
        return s;
    }

    private PhaseResult runHalf(SchedulingMode mode, int carbonPort, int httpPort, Path input)
            throws IOException, TimeoutException, InterruptedException, RunStopped {
        out.printf("%n== %s: %s ==%n", mode.label(), mode.applies()
                ? "Lachesis schedules the query: policy " + mode.policy() + ", translator " + mode.translator()
                : "the kernel schedules the query alone; Lachesis only watches (run --dry-run)");
        out.flush();
        QueryLauncher launcher = settings.query();
        SinkMeter meter = new SinkMeter(line -> LOG.debug("{}: {}", launcher.spe(), line));
        RunningQuery spe = started(launcher.start(settings.rate(), settings.speCpus(), carbonPort, input, meter));
        long start = System.currentTimeMillis();
        synchronized (this) {
            queryBefore = ThreadSched.allOf(onlyPid(spe));
        }
        out.printf("%s: PID %d on CPU %s, %s at %s records/s%s%n", speName(), onlyPid(spe), settings.speCpus(),
                launcher.query().toUpperCase(Locale.ROOT), LiveTable.number(settings.rate()),
                launcher.waitStrategy().equals("none") ? "" : ", " + launcher.waitStrategy() + " wait strategy");

        Path config = new DaemonConfig(spe.spes(), mode, httpPort, PERIOD, journal, cgroupRoot)
                .writeTo(work.resolve(mode.fileName() + ".yaml"));
        RoundLog rounds = new RoundLog(line -> LOG.debug("daemon: {}", line));
        ChildJvm d = startedDaemon(DaemonRun.start(command(settings.otherCpus()), config, mode.applies(), rounds));
        out.printf("Daemon: lachesis run%s, PID %d on CPU %s%n", mode.applies() ? "" : " --dry-run", d.pid(),
                settings.otherCpus());
        out.flush();

        long measureFrom = start + settings.warmUp().toMillis();
        long end = start + settings.phase().toMillis();
        long nextTable = start + settings.tableEvery().toMillis();
        while (true) {
            long now = System.currentTimeMillis();
            if (now >= end) {
                break;
            }
            if (stopRequested.await(Math.min(end, nextTable) - now, TimeUnit.MILLISECONDS)) {
                throw new RunStopped("the demo");
            }
            now = System.currentTimeMillis();
            if (now >= nextTable && now < end) {
                printTable(mode, meter, now - start, now < measureFrom, rounds.latest(), rounds.lastRanked());
                nextTable += settings.tableEvery().toMillis();
            }
        }
        if (!meter.awaitReportAfter(end, REPORT_DELAY)) {
            out.println("(no sink report came within " + REPORT_DELAY.toSeconds() + " s of the end; measuring what came)");
        }
        PhaseResult result = meter.window(mode.label(), measureFrom, end);
        printRealTime(mode, onlyPid(spe), rounds.count());
        stopDaemon(true);
        stopQuery();
        return result;
    }

    /**
     * How many rounds the daemon ran and how many of the query's threads are real-time, or at a nice
     * value other than 0, as the half ends (on Storm 2 the {@code rt} translator applies nice values).
     */
    private void printRealTime(SchedulingMode mode, long queryPid, int rounds) {
        Collection<ThreadSched> threads = ThreadSched.allOf(queryPid).values();
        List<ThreadSched> realTime = threads.stream().filter(ThreadSched::isRealTime).toList();
        long niced = threads.stream().filter(t -> !t.isRealTime() && t.nice() != 0).count();
        IntSummaryStatistics priorities = realTime.stream().mapToInt(ThreadSched::rtPriority).summaryStatistics();
        String range = realTime.isEmpty() ? "" : " (RT priorities " + priorities.getMin() + "-" + priorities.getMax() + ")";
        out.printf("%s ends: the daemon ran %d rounds%s; %d %s threads run real-time now%s, %d at a nice value other "
                + "than 0%n", mode.label(), rounds, mode.applies() ? "" : " (planning only)", realTime.size(), speName(),
                range, niced);
    }

    private void printTable(SchedulingMode mode, SinkMeter meter, long elapsedMillis, boolean warmingUp, String round,
                            String ranked) {
        PhaseResult recent = meter.window("", System.currentTimeMillis() - RECENT.toMillis(), System.currentTimeMillis());
        out.printf("%n%s  %s  %d s of %d%s  sink: %s tuples/s, e2e latency p50 %s ms (last %d s)%n",
                LocalTime.now().format(CLOCK), mode.label(), elapsedMillis / 1000,
                settings.phase().toSeconds(), warmingUp ? " (warm-up)" : "", LiveTable.number(Math.rint(recent.throughput())),
                LiveTable.number(Math.rint(recent.endToEnd().quantileMicros(0.5) / 1000)), RECENT.toSeconds());
        LiveTable.print(out, round, ranked, mode.applies());
        out.flush();
    }

    /** The SPE's name as the demo prints it: {@code Storm}, {@code Flink}. */
    private String speName() {
        String spe = settings.query().spe();
        return spe.substring(0, 1).toUpperCase(Locale.ROOT) + spe.substring(1);
    }

    /** The JVM of the demo's query, which runs on one SPE (the demo starts no other). */
    private static long onlyPid(RunningQuery query) {
        return query.pids().get(0);
    }

    /** Registers the started query, or stops it at once when the demo is closing. */
    private synchronized RunningQuery started(RunningQuery started) throws RunStopped {
        if (closed) {
            started.close();
            throw new RunStopped("the demo");
        }
        query = started;
        return started;
    }

    /** Registers the started daemon, or stops it at once when the demo is closing. */
    private synchronized ChildJvm startedDaemon(ChildJvm started) throws RunStopped {
        if (closed) {
            started.close();
            throw new RunStopped("the demo");
        }
        daemon = started;
        return started;
    }

    /**
     * Stops the daemon (SIGTERM: its shutdown hook restores every thread), restores from the journal
     * if one is left, and checks the query's threads against how they were before the daemon started.
     */
    private synchronized void stopDaemon(boolean report) {
        if (daemon == null) {
            return;
        }
        daemon.close();
        daemon = null;
        if (Files.exists(journal)) {
            problems.add("the daemon left its journal " + journal + "; ran lachesis restore");
            problems.addAll(RestoreCheck.restoreFromJournal(command(settings.otherCpus()), journal,
                    line -> out.println("lachesis restore: " + line)));
        }
        if (query != null && ProcessHandle.of(onlyPid(query)).map(ProcessHandle::isAlive).orElse(false)) {
            List<String> changed = RestoreCheck.changedThreads(onlyPid(query), queryBefore);
            problems.addAll(changed);
            if (report) {
                out.println(changed.isEmpty()
                        ? "Daemon stopped; every " + speName() + " thread has its original policy, priority and nice "
                        + "value again (" + ThreadSched.allOf(onlyPid(query)).size() + " threads read back from /proc)"
                        : "Daemon stopped; NOT restored: " + String.join("; ", changed));
                out.flush();
            }
        }
    }

    private synchronized void stopQuery() {
        if (query != null) {
            query.close();
            query = null;
        }
    }

    /** The {@code lachesis} command confined to {@code cpus}. */
    private List<String> command(CpuList cpus) {
        List<String> command = new ArrayList<>(taskset(cpus));
        command.add(settings.lachesis().toString());
        return command;
    }

    private static List<String> taskset(CpuList cpus) {
        return List.of("taskset", "-c", cpus.toString());
    }

    /**
     * Stops the daemon (restoring), the query and the store, and deletes the demo's files unless a
     * journal is left to restore by hand. Safe to call twice and from a shutdown hook.
     */
    @Override
    public void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        stopRequested.countDown();
        synchronized (this) {
            stopDaemon(false);
            stopQuery();
            if (store != null) {
                store.close();
                store = null;
            }
            RestoreCheck.leftoverCgroups(cgroupRoot).forEach(g -> problems.add("cgroup " + g + " is left"));
            if (Files.exists(journal)) {
                problems.add("the journal " + journal + " is left; undo with: lachesis restore --journal " + journal);
            } else {
                deleteWork();
            }
        }
    }

    private void deleteWork() {
        try (Stream<Path> files = Files.list(work)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Files.deleteIfExists(f);
            }
            Files.deleteIfExists(work);
        } catch (IOException e) {
            LOG.warn("Could not delete {}: {}", work, e.getMessage());
        }
    }
}
