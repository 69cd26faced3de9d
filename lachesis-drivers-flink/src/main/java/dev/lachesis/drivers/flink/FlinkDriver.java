package dev.lachesis.drivers.flink;

import dev.lachesis.discovery.EachJvmThreads;
import dev.lachesis.core.logging.OnceLog;
import dev.lachesis.core.metric.MetricValues;
import dev.lachesis.core.model.JvmThread;
import dev.lachesis.core.model.LogicalOperator;
import dev.lachesis.core.model.OperatorThread;
import dev.lachesis.core.model.PhysicalOperator;
import dev.lachesis.core.model.Query;
import dev.lachesis.core.model.SpeState;
import dev.lachesis.core.model.ThreadKind;
import dev.lachesis.core.proc.ProcFs;
import dev.lachesis.core.spi.DriverException;
import dev.lachesis.core.spi.JvmThreadLister;
import dev.lachesis.core.spi.SpeDriver;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The daemon's view of one Flink cluster: running jobs and their physical graphs from the REST
 * API, the subtask threads of the TaskManager JVMs on this machine (by their full Java names), and
 * task metrics from Graphite or REST turned into queue sizes in records, rates and processing
 * times (see {@link FlinkMetricEstimator}).
 *
 * <p>The job list is asked of REST only when a TaskManager's threads changed (a job that starts,
 * stops or is rescaled starts or ends subtask threads) or every {@link #JOB_LIST_MAX_AGE}: the REST
 * server's threads run at the priority the OS gives them, beside subtasks the daemon ranks higher,
 * so on a saturated TaskManager each answer took a second or more, longer than a round.
 *
 * <p>A job is a query; each operator of a chain is a logical operator and each subtask of a chain
 * a physical operator ({@code <job id>/<vertex id>/<subtask index>}), whose main thread is the
 * subtask's thread and whose helpers are its output flusher (serving its output queue), legacy
 * source thread and timers. A job's graph is read once and kept while it runs (read again when its
 * number of subtasks changes, i.e. it was rescaled); a cancelled and resubmitted job is a new job,
 * found on the next round. A subtask's points stamped before its main thread on this machine
 * started are not read: on a cluster they are another TaskManager's, which ran the subtask before
 * the job restarted (a task scope without the TaskManager gives both one series), or an earlier
 * attempt's. Threads are asked of the shared lister every round: it dumps a JVM again
 * only while threads it named by their 15-character {@code comm} are there (subtasks started soon
 * after its last dump), so a job's subtasks get their full names without waiting for some thread
 * to come or go. A JVM whose threads cannot be read (gone, another user's, no attach)
 * is skipped while the others are scheduled ({@link EachJvmThreads}: one warning when it starts failing,
 * one line when it recovers); the round fails only when
 * no JVM can be read. Called from the main loop's thread only.
 */
final class FlinkDriver implements SpeDriver {
    private static final Logger LOG = LoggerFactory.getLogger(FlinkDriver.class);
    /** How long the job list is trusted while no TaskManager's threads change. */
    static final Duration JOB_LIST_MAX_AGE = Duration.ofSeconds(10);

    private final String speName;
    private final FlinkRestClient rest;
    private final TaskMetricReader metrics;
    private final JvmThreadLister threads;
    private final ProcFs proc;
    private final Supplier<List<Integer>> pids;
    private final Clock clock;
    private final Map<String, FlinkJob> jobs = new LinkedHashMap<>();
    private final OnceLog reported = new OnceLog(LOG);
    /** JVMs whose threads could not be read, with the reason last logged. */
    private final EachJvmThreads eachJvm = new EachJvmThreads(LOG, "Flink JVM");
    /** When the job list was last read, and every TaskManager's thread ids then. */
    private Instant jobsReadAt;
    private Map<Integer, List<Integer>> tidsWhenJobsRead = Map.of();

    FlinkDriver(String speName, FlinkRestClient rest, TaskMetricReader metrics, JvmThreadLister threads, ProcFs proc,
                Supplier<List<Integer>> pids, Clock clock) {
        this.speName = speName;
        this.rest = rest;
        this.metrics = metrics;
        this.threads = threads;
        this.proc = proc;
        this.pids = pids;
        this.clock = clock;
    }

    @Override
    public SpeState refresh() throws DriverException {
        List<Integer> workers = pids.get();
        if (workers.isEmpty()) {
            throw new DriverException("no Flink TaskManager JVM found for '" + speName
                    + "'; name it in spes[].pids or adjust settings.process-markers");
        }
        Map<Integer, List<Integer>> tids = new LinkedHashMap<>();
        for (int pid : workers) {
            tids.put(pid, proc.tids(pid));
        }
        Instant now = clock.instant();
        if (jobsReadAt == null || !tids.equals(tidsWhenJobsRead) || !now.isBefore(jobsReadAt.plus(JOB_LIST_MAX_AGE))) {
            refreshJobs();
            jobsReadAt = now;
            tidsWhenJobsRead = tids;
        }
        List<FlinkJob> running = List.copyOf(jobs.values());
        Map<Integer, List<OperatorThread>> readable = eachJvm.read(workers, pid -> FlinkThreadMapper.map(pid,
                threadsOf(pid, tids.get(pid)), running, this::reportAmbiguous, this::reportUnmatchedSource));
        List<OperatorThread> mapped = readable.values().stream().flatMap(List::stream).toList();
        List<Integer> seen = List.copyOf(readable.keySet());
        List<Query> queries = new ArrayList<>();
        List<PhysicalOperator> operators = new ArrayList<>();
        for (FlinkJob job : running) {
            queries.add(query(job));
            for (FlinkVertex vertex : job.vertices()) {
                List<String> logical = new ArrayList<>();
                for (int k = 0; k < vertex.operatorNames().size(); k++) {
                    logical.add(SubtaskKey.logicalOperatorId(vertex.id(), k));
                }
                for (int i = 0; i < vertex.parallelism(); i++) {
                    operators.add(new PhysicalOperator(new SubtaskKey(job.id(), vertex.id(), i).operatorId(), job.id(),
                            logical, i, vertex.parallelism()));
                }
            }
        }
        return new SpeState(speName, FlinkDriverFactory.NAME, seen, queries, operators, mapped, clock.instant());
    }

    /** Reads the running jobs; a job's graph is read again only when it is new or was rescaled. */
    private void refreshJobs() throws DriverException {
        List<FlinkRestJson.JobSummary> running = rest.runningJobs();
        Set<String> ids = new LinkedHashSet<>();
        for (FlinkRestJson.JobSummary summary : running) {
            ids.add(summary.id());
        }
        jobs.keySet().retainAll(ids);
        for (FlinkRestJson.JobSummary summary : running) {
            FlinkJob known = jobs.get(summary.id());
            if (known == null || (summary.tasks() >= 0 && summary.tasks() != subtasks(known))) {
                FlinkJob job = rest.job(summary.id());
                jobs.put(summary.id(), job);
                LOG.info("Flink job {} ({}) runs {} vertices with {} subtasks", job.name(), job.id(),
                        job.vertices().size(), subtasks(job));
            }
        }
    }

    private static int subtasks(FlinkJob job) {
        return job.vertices().stream().mapToInt(FlinkVertex::parallelism).sum();
    }

    private List<JvmThread> threadsOf(int pid, List<Integer> tids) throws DriverException {
        if (tids.isEmpty()) {
            throw new DriverException("Flink TaskManager PID " + pid + " has no threads: the process is gone");
        }
        return threads.threads(pid);
    }

    private void reportAmbiguous(String threadName) {
        reported.warn("ambiguous/" + threadName, "Thread '{}' matches vertices of more than one running Flink job; "
                + "it is not scheduled (give the jobs' operators distinct names)", threadName);
    }

    private void reportUnmatchedSource(String threadName) {
        reported.info("unmatched-source/" + threadName, "Source thread '{}' fits no source subtask of this "
                + "TaskManager; it is not scheduled (name the source as its operator: FileReplaySource.of(settings, "
                + "name) with env.fromSource(…, name))", threadName);
    }

    /** The job as a query: every chained operator is a logical operator; edges follow chains and the plan's inputs. */
    static Query query(FlinkJob job) {
        List<LogicalOperator> operators = new ArrayList<>();
        Map<String, Set<String>> downstream = new LinkedHashMap<>();
        for (FlinkVertex vertex : job.vertices()) {
            for (int k = 0; k < vertex.operatorNames().size(); k++) {
                String id = SubtaskKey.logicalOperatorId(vertex.id(), k);
                operators.add(new LogicalOperator(id, vertex.operatorNames().get(k)));
                if (k > 0) {
                    downstream.computeIfAbsent(SubtaskKey.logicalOperatorId(vertex.id(), k - 1), x -> new LinkedHashSet<>())
                            .add(id);
                }
            }
        }
        for (FlinkVertex vertex : job.vertices()) {
            for (String input : vertex.inputs()) {
                job.vertex(input).ifPresent(from -> downstream
                        .computeIfAbsent(SubtaskKey.logicalOperatorId(from.id(), from.operatorNames().size() - 1),
                                x -> new LinkedHashSet<>())
                        .add(SubtaskKey.logicalOperatorId(vertex.id(), 0)));
            }
        }
        return new Query(job.id(), job.name(), operators, downstream);
    }

    @Override
    public Set<String> providedMetrics() {
        return FlinkMetricEstimator.PROVIDED;
    }

    @Override
    public Map<String, MetricValues> fetch(SpeState state, Set<String> requested) throws DriverException {
        List<FlinkJob> observed = new ArrayList<>();
        for (Query query : state.queries()) {
            FlinkJob job = jobs.get(query.id());
            if (job != null) {
                observed.add(job);
            }
        }
        return FlinkMetricEstimator.estimate(observed, metrics.read(observed).since(localAttemptStarts(state)), requested);
    }

    /**
     * For each subtask whose main thread runs on this machine, the second that thread started in:
     * its series' points stamped earlier were reported by another TaskManager (the subtask ran there
     * before the job restarted; task scopes without the TaskManager give both one series) or by an
     * earlier attempt, and say nothing of this one.
     */
    private Map<String, Long> localAttemptStarts(SpeState state) {
        Map<String, Long> starts = new HashMap<>();
        double now = clock.millis() / 1000.0;
        for (OperatorThread t : state.threads()) {
            if (t.kind() == ThreadKind.MAIN && t.operatorId() != null) {
                proc.threadAgeSeconds(t.thread().pid(), t.thread().tid()).ifPresent(age ->
                        starts.merge(t.operatorId(), (long) Math.floor(now - age), Math::max));
            }
        }
        return starts;
    }

    @Override
    public String toString() {
        return "flink driver '" + speName + "' (REST " + rest.base() + ", metrics from " + metrics.describe() + ")";
    }
}
