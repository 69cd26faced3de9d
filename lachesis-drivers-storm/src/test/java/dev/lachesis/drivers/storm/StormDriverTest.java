package dev.lachesis.drivers.storm;

import static dev.lachesis.drivers.storm.StormFixtures.TOPOLOGY_1_WORKER;
import static dev.lachesis.drivers.storm.StormFixtures.TOPOLOGY_2_WORKERS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lachesis.core.metric.MetricNames;
import dev.lachesis.core.metric.MetricValues;
import dev.lachesis.core.model.JvmThread;
import dev.lachesis.core.model.OperatorThread;
import dev.lachesis.core.model.PhysicalOperator;
import dev.lachesis.core.model.Query;
import dev.lachesis.core.model.SpeState;
import dev.lachesis.core.model.ThreadKind;
import dev.lachesis.core.model.ThreadRef;
import dev.lachesis.core.proc.ProcFs;
import dev.lachesis.core.spi.DriverException;
import dev.lachesis.core.spi.JvmThreadLister;
import dev.lachesis.core.spi.MetricSource;
import dev.lachesis.core.spi.MetricSourceException;
import dev.lachesis.core.spi.Series;
import dev.lachesis.core.testing.LogCapture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StormDriverTest {
    private static final int PID = 4242;
    private static final long NOW = 1_795_433_574L;
    /** When the local-mode JVM of {@link #PID} started, as its workers report it (whole seconds). */
    private static final long JVM_START = NOW - 600;
    private static final List<String> LOCAL_MODE = List.of("/usr/bin/java", "-Xmx512m", "-cp",
            "/opt/app/app.jar:/opt/app/lib/storm-server-2.8.3.jar", "org.apache.storm.LocalCluster", "app.Main");
    private static final Pattern TASK = Pattern.compile("\\.localhost\\.([^.]+)\\.(?:default\\.)?(-?\\d+)\\.(\\d+)-(.*)");

    @TempDir
    Path proc;

    private final Map<Integer, Integer> listings = new HashMap<>();
    private final Map<Integer, List<JvmThread>> jvmThreads = new HashMap<>();
    private final JvmThreadLister lister = pid -> {
        listings.merge(pid, 1, Integer::sum);
        List<JvmThread> threads = jvmThreads.get(pid);
        if (threads == null) {
            throw new DriverException("PID " + pid + " is gone");
        }
        return threads;
    };

    private StormDriver driver(MetricSource source, String topology, List<Integer> pids) {
        StormSettings settings = new StormSettings(null, null, "*", null, null, null);
        return new StormDriver("storm", settings, topology, pids, source, lister, new ProcFs(proc),
                Clock.fixed(Instant.ofEpochSecond(NOW), ZoneOffset.UTC));
    }

    @Test
    void storm2sExecutorsPollTheirQueuesAndStorm1sBlock() {
        for (int version : List.of(1, 2)) {
            StormDriver driver = new StormDriver("storm", new StormSettings(version, null, "*", null, null, null), null,
                    List.of(), new StormFixtures.FixedMetricSource(List.of()), lister, new ProcFs(proc),
                    Clock.fixed(Instant.ofEpochSecond(NOW), ZoneOffset.UTC));

            assertThat(driver.operatorThreadsPoll()).as("Storm " + version).isEqualTo(version == 2);
        }
    }

    @Test
    void realTimeOnStorm2WarnsOnceThatNiceIsTheTranslatorToUseAndNamesTheParkFixOnlyWhenExecutorsMaySpin() {
        for (String wait : List.of("park", "progressive", "unknown")) {
            StormDriver driver = new StormDriver("storm", new StormSettings(2, null, "*", null, null, wait), null,
                    List.of(), new StormFixtures.FixedMetricSource(List.of()), lister, new ProcFs(proc),
                    Clock.fixed(Instant.ofEpochSecond(NOW), ZoneOffset.UTC));
            try (LogCapture log = new LogCapture(StormDriver.class)) {
                driver.scheduledInRealTime();

                assertThat(log.lines()).as(wait).singleElement().asString().contains("translator: nice");
                if (wait.equals("park")) {
                    assertThat(log.lines().get(0)).doesNotContain("WaitStrategyPark");
                } else {
                    assertThat(log.lines().get(0)).contains("org.apache.storm.policy.WaitStrategyPark");
                }
            }
        }
    }

    private void localCluster(int pid, String threadDump) throws IOException {
        localCluster(pid, threadDump, JVM_START);
    }

    /**
     * A local-mode JVM whose workers report {@code reportedStart} as its start: its process started
     * a little after that whole second, and the JVM noted its start a few milliseconds later.
     */
    private void localCluster(int pid, String threadDump, long reportedStart) throws IOException {
        List<JvmThread> threads = StormFixtures.threads(pid, threadDump);
        jvmThreads.put(pid, threads);
        StormFixtures.process(proc, pid, LOCAL_MODE, threads);
        StormFixtures.started(proc, pid, reportedStart + 0.47, NOW);
    }

    private static List<Series> seriesFor(String resource, String topology, long end) {
        return seriesFor(resource, topology, end, JVM_START);
    }

    /**
     * Values for every captured series: queue sizes and latencies per component and task, counters
     * rising at a fixed rate per task over five one-second buckets.
     */
    private static List<Series> seriesFor(String resource, String topology, long end, long jvmStart) {
        Map<String, Double> queue = Map.of("heavy/2", 500.0, "heavy/3", 300.0, "heavy/4", 20.0, "light/4", 3.0,
                "light/5", 4.0);
        Map<String, Double> rate = Map.of("heavy/2", 200.0, "heavy/3", 100.0, "light/4", 300.0, "light/5", 300.0,
                "sink/5", 300.0, "sink/6", 300.0, "source/6", 300.0, "source/7", 300.0);
        List<Series> result = new ArrayList<>();
        for (String name : StormFixtures.lines(resource)) {
            Matcher m = TASK.matcher(name);
            if (!m.find()) {
                continue;
            }
            String task = m.group(1) + "/" + m.group(2);
            String metric = m.group(4);
            double r = rate.getOrDefault(task, 0.0);
            Series series;
            if (metric.equals("receive-queue-population")) {
                series = StormFixtures.series(name, end, 1, queue.getOrDefault(task, 0.0), Double.NaN);
            } else if (metric.equals("receive-queue-sojourn_time_ms")) {
                series = StormFixtures.series(name, end, queue.getOrDefault(task, 0.0) * 4);
            } else if (metric.equals("receive-queue-arrival_rate_secs")) {
                series = StormFixtures.series(name, end, r);
            } else if (metric.equals("worker-transfer-queue-population")) {
                series = StormFixtures.series(name, end, m.group(3).equals("1024") ? 7 : 5);
            } else if (metric.endsWith(".count") && (metric.startsWith("__execute-count") || metric.startsWith("__emit-count"))) {
                series = StormFixtures.series(name, end, 1000, 1000 + r, 1000 + 2 * r, 1000 + 3 * r, 1000 + 4 * r);
            } else if (metric.equals("startTimeSecs")) {
                series = StormFixtures.series(name, end, jvmStart, jvmStart);
            } else if (metric.startsWith("__execute-latency")) {
                series = StormFixtures.series(name, end, task.startsWith("heavy") ? 4.5 : 0.01);
            } else {
                series = StormFixtures.series(name, end, 0);
            }
            result.add(series.name().contains(topology) ? series
                    : new Series(series.name().replaceAll("lachesis-pipeline-\\d+-\\d+", topology), series.points()));
        }
        result.add(StormFixtures.series("storm.topology." + topology + ".localhost.source.6.1024-source-queue-size", end,
                40, 42));
        return result;
    }

    private static List<OperatorThread> ofKind(SpeState state, ThreadKind kind) {
        return state.threads().stream().filter(t -> t.kind() == kind).toList();
    }

    private static String op(String topology, String component, int task) {
        return topology + "/" + component + "/" + task + "-" + task;
    }

    @Test
    void mapsEveryExecutorOfALocalClusterAndBuildsTheGraphFromMetricNames() throws Exception {
        localCluster(PID, "storm-2.8.3/threads-1-worker.txt");
        StormFixtures.process(proc, 100, List.of("/usr/sbin/sshd", "-D"), List.of());
        var source = new StormFixtures.FixedMetricSource(
                seriesFor("storm-2.8.3/metric-names-1-worker.txt", TOPOLOGY_1_WORKER, NOW));

        SpeState state = driver(source, "lachesis-pipeline", List.of()).refresh();

        assertThat(state.pids()).containsExactly(PID);
        assertThat(state.queries()).singleElement().satisfies(q -> {
            assertThat(q.id()).isEqualTo(TOPOLOGY_1_WORKER);
            assertThat(q.name()).isEqualTo("lachesis-pipeline");
            assertThat(q.downstream()).isEqualTo(Map.of("source", Set.of("light"), "light", Set.of("heavy"),
                    "heavy", Set.of("sink"), "sink", Set.of()));
            assertThat(q.sources()).containsExactly("source");
        });
        assertThat(state.operators()).extracting(PhysicalOperator::id, PhysicalOperator::index, PhysicalOperator::parallelism)
                .containsExactlyInAnyOrder(
                        org.assertj.core.groups.Tuple.tuple(op(TOPOLOGY_1_WORKER, "heavy", 2), 0, 2),
                        org.assertj.core.groups.Tuple.tuple(op(TOPOLOGY_1_WORKER, "heavy", 3), 1, 2),
                        org.assertj.core.groups.Tuple.tuple(op(TOPOLOGY_1_WORKER, "light", 4), 0, 1),
                        org.assertj.core.groups.Tuple.tuple(op(TOPOLOGY_1_WORKER, "sink", 5), 0, 1),
                        org.assertj.core.groups.Tuple.tuple(op(TOPOLOGY_1_WORKER, "source", 6), 0, 1));
        assertThat(ofKind(state, ThreadKind.MAIN)).extracting(t -> t.thread().name()).containsExactlyInAnyOrder(
                "Thread-39-source-executor[6, 6]", "Thread-40-sink-executor[5, 5]", "Thread-41-light-executor[4, 4]",
                "Thread-42-heavy-executor[3, 3]", "Thread-43-heavy-executor[2, 2]");
        assertThat(ofKind(state, ThreadKind.SYSTEM)).extracting(t -> t.thread().name()).containsExactlyInAnyOrder(
                "Thread-38-__system-executor[-1, -1]", "Thread-44-__acker-executor[1, 1]");
        assertThat(ofKind(state, ThreadKind.SYSTEM)).allSatisfy(t -> assertThat(t.operatorId()).isNull());
        assertThat(ofKind(state, ThreadKind.TIMER)).extracting(t -> t.thread().name())
                .containsExactlyInAnyOrder("flush-tuple-timer", "backpressure-check-timer", "user-timer");
        assertThat(ofKind(state, ThreadKind.REPORTER)).extracting(t -> t.thread().name())
                .containsExactly("metrics-graphite-reporter-1-thread-1");
        assertThat(ofKind(state, ThreadKind.RUNTIME)).extracting(t -> t.thread().name()).contains("VM Thread");
        assertThat(ofKind(state, ThreadKind.LIVENESS)).extracting(t -> t.thread().name())
                .contains("heartbeat-timer", "SessionTracker").anyMatch(n -> n.startsWith("main-SendThread("));
        assertThat(state.threads()).filteredOn(t -> !t.kind().isLookout() || t.kind() == ThreadKind.REPORTER).hasSize(11);
        assertThat(state.threads()).allSatisfy(t -> assertThat(t.queryId()).isEqualTo(TOPOLOGY_1_WORKER));
    }

    @Test
    void keepsATopologysGraphThroughRoundsInWhichItsExecuteCountsHaveNoValue() throws Exception {
        localCluster(PID, "storm-2.8.3/threads-1-worker.txt");
        List<Series> reporting = seriesFor("storm-2.8.3/metric-names-1-worker.txt", TOPOLOGY_1_WORKER, NOW);
        var source = new StormFixtures.FixedMetricSource(reporting);
        StormDriver driver = driver(source, "lachesis-pipeline", List.of());
        driver.refresh();
        // The query stalls for longer than the window: the execute counts, which name the edges, get no value.
        source.set(reporting.stream().map(s -> s.name().contains("__execute-count")
                ? StormFixtures.series(s.name(), NOW, Double.NaN, Double.NaN) : s).toList());

        SpeState stalled = driver.refresh();

        assertThat(stalled.queries()).singleElement().satisfies(q -> {
            assertThat(q.downstream()).isEqualTo(Map.of("source", Set.of("light"), "light", Set.of("heavy"),
                    "heavy", Set.of("sink"), "sink", Set.of()));
            assertThat(q.sources()).containsExactly("source");
        });
    }

    @Test
    void untilAComponentExecutedOrEmittedATupleItIsNotTakenForASourceAndTheLogSaysSoOnce() throws Exception {
        localCluster(PID, "storm-2.8.3/threads-1-worker.txt");
        List<Series> reporting = seriesFor("storm-2.8.3/metric-names-1-worker.txt", TOPOLOGY_1_WORKER, NOW);
        // Just submitted: the queues report, no execute or emit count has reached Graphite yet.
        var source = new StormFixtures.FixedMetricSource(reporting.stream()
                .filter(s -> !s.name().contains("__execute-count") && !s.name().contains("__emit-count")).toList());
        StormDriver driver = driver(source, "lachesis-pipeline", List.of());

        try (LogCapture log = new LogCapture(StormQueryGraphs.class)) {
            SpeState starting = driver.refresh();
            driver.refresh();

            assertThat(starting.queries()).singleElement().satisfies(q -> {
                assertThat(q.sources()).isEmpty();
                assertThat(q.undetermined()).containsExactlyInAnyOrder("source", "light", "heavy", "sink");
            });
            assertThat(log.lines()).singleElement().asString().contains("neither executed nor emitted a tuple yet",
                    "no policy ranks them as sources until they do");
        }
        source.set(reporting);

        assertThat(driver.refresh().queries()).singleElement().satisfies(q -> {
            assertThat(q.sources()).containsExactly("source");
            assertThat(q.undetermined()).isEmpty();
        });
    }

    @Test
    void readsQueuesRatesAndLatenciesWithOneQueryPerRoundOnceTheTopologyIsKnown() throws Exception {
        localCluster(PID, "storm-2.8.3/threads-1-worker.txt");
        var source = new StormFixtures.FixedMetricSource(
                seriesFor("storm-2.8.3/metric-names-1-worker.txt", TOPOLOGY_1_WORKER, NOW));
        StormDriver driver = driver(source, null, List.of());
        driver.refresh();
        int firstRound = source.queries();

        SpeState state = driver.refresh();
        Map<String, MetricValues> metrics = driver.fetch(state, driver.providedMetrics());

        String heavy2 = op(TOPOLOGY_1_WORKER, "heavy", 2);
        String heavy3 = op(TOPOLOGY_1_WORKER, "heavy", 3);
        MetricValues queues = metrics.get(MetricNames.INPUT_QUEUE);
        assertThat(queues.asMap()).containsEntry(heavy2, 500.0).containsEntry(heavy3, 300.0)
                .containsEntry(op(TOPOLOGY_1_WORKER, "light", 4), 3.0).containsEntry(op(TOPOLOGY_1_WORKER, "source", 6), 0.0)
                .hasSize(5);
        assertThat(metrics.get(MetricNames.PROCESSED_RATE).asMap()).containsEntry(heavy2, 200.0)
                .containsEntry(heavy3, 100.0).containsEntry(op(TOPOLOGY_1_WORKER, "sink", 5), 300.0)
                .doesNotContainKey(op(TOPOLOGY_1_WORKER, "source", 6));
        assertThat(metrics.get(MetricNames.EMITTED_RATE).asMap()).containsEntry(heavy2, 200.0)
                .containsEntry(op(TOPOLOGY_1_WORKER, "source", 6), 300.0)
                .doesNotContainKey(op(TOPOLOGY_1_WORKER, "sink", 5));
        assertThat(metrics.get(MetricNames.PROGRESS_INTERVAL_COUNT).asMap()).as("executed and emitted in the last second")
                .containsEntry(heavy2, 400.0).containsEntry(op(TOPOLOGY_1_WORKER, "source", 6), 300.0);
        assertThat(metrics.get(MetricNames.PROGRESS_INTERVAL_START).get(heavy2)).hasValue(NOW - 1);
        assertThat(metrics.get(MetricNames.PROGRESS_INTERVAL_END).get(heavy2)).hasValue(NOW);
        assertThat(metrics.get(MetricNames.PROCESSING_TIME).asMap()).containsEntry(heavy2, 4.5);
        assertThat(metrics.get(MetricNames.HEAD_AGE_REPORTED).asMap()).containsEntry(heavy2, 2000.0);
        assertThat(metrics.get(MetricNames.ARRIVAL_RATE).asMap()).containsEntry(heavy3, 100.0);
        assertThat(metrics.get(MetricNames.OUTPUT_QUEUE).asMap()).as("one worker has no transfer thread").isEmpty();
        assertThat(metrics.get(MetricNames.SOURCE_QUEUE).asMap()).isEqualTo(Map.of(op(TOPOLOGY_1_WORKER, "source", 6), 42.0));
        assertThat(firstRound).as("the discovery query, then one for the topology it found").isEqualTo(2);
        assertThat(source.queries()).isEqualTo(firstRound + 1);
    }

    @Test
    void sourceOperatorThreadsAreHelpersOfTheSpoutExecutorRunningTheirTask() throws Exception {
        localCluster(PID, "storm-2.8.3/threads-1-worker.txt");
        List<JvmThread> threads = new ArrayList<>(jvmThreads.get(PID));
        // As source-operators names them: component id and task id of the spout (task 6 runs in Thread-39-source-executor[6, 6]).
        threads.add(new JvmThread(new ThreadRef(PID, 90_001), "lachesis-source-reader-source-6"));
        threads.add(new JvmThread(new ThreadRef(PID, 90_002), "lachesis-source-offsets-source-6"));
        threads.add(new JvmThread(new ThreadRef(PID, 90_003), "lachesis-source-reader-source-9"));
        jvmThreads.put(PID, threads);
        StormFixtures.process(proc, PID, LOCAL_MODE, threads);
        var source = new StormFixtures.FixedMetricSource(
                seriesFor("storm-2.8.3/metric-names-1-worker.txt", TOPOLOGY_1_WORKER, NOW));

        StormDriver driver = driver(source, "lachesis-pipeline", List.of());
        SpeState state;
        try (LogCapture log = new LogCapture(StormStateBuilder.class)) {
            state = driver.refresh();
            driver.refresh();

            assertThat(log.lines()).filteredOn(l -> l.contains("lachesis-source-reader-source-9")).singleElement()
                    .asString().contains("component 'source' with task 9", "not scheduled");
        }

        String spout = op(TOPOLOGY_1_WORKER, "source", 6);
        assertThat(state.threads()).filteredOn(t -> t.thread().name().startsWith("lachesis-source-"))
                .extracting(t -> t.thread().name(), OperatorThread::kind, OperatorThread::operatorId,
                        OperatorThread::queueEntity, OperatorThread::queryId)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("lachesis-source-reader-source-6", ThreadKind.SOURCE_READER, spout,
                                spout, TOPOLOGY_1_WORKER),
                        org.assertj.core.groups.Tuple.tuple("lachesis-source-offsets-source-6", ThreadKind.OTHER, spout, spout,
                                TOPOLOGY_1_WORKER));
    }

    @Test
    void workerTransferThreadsAreSendersWhoseOutputQueueIsTheirWorkersTransferQueues() throws Exception {
        localCluster(PID, "storm-2.8.3/threads-2-workers.txt");
        var source = new StormFixtures.FixedMetricSource(
                seriesFor("storm-2.8.3/metric-names-2-workers.txt", TOPOLOGY_2_WORKERS, NOW));
        StormDriver driver = driver(source, "lachesis-pipeline", List.of());

        SpeState state = driver.refresh();

        assertThat(ofKind(state, ThreadKind.SENDER)).hasSize(2).allSatisfy(t -> {
            assertThat(t.thread().name()).isEqualTo("Worker-Transfer");
            assertThat(t.queueEntity()).isEqualTo("worker-transfer@" + PID);
            assertThat(t.operatorId()).isNull();
        });
        assertThat(ofKind(state, ThreadKind.NETWORK)).extracting(t -> t.thread().name())
                .allMatch(n -> n.startsWith("LocalClientFlusher-")).hasSize(2);
        assertThat(ofKind(state, ThreadKind.MAIN)).hasSize(5);
        assertThat(driver.fetch(state, Set.of(MetricNames.OUTPUT_QUEUE)).get(MetricNames.OUTPUT_QUEUE).asMap())
                .isEqualTo(Map.of("worker-transfer@" + PID, 12.0));
    }

    @Test
    void aStoppedTopologysRecentSeriesDoNotClaimTheRestartedOnesThreads() throws Exception {
        localCluster(PID, "storm-2.8.3/threads-1-worker.txt");
        String old = "lachesis-pipeline-1-1795433000";
        List<Series> series = new ArrayList<>(seriesFor("storm-2.8.3/metric-names-1-worker.txt", old, NOW - 10));
        series.addAll(seriesFor("storm-2.8.3/metric-names-1-worker.txt", TOPOLOGY_1_WORKER, NOW));

        SpeState state = driver(new StormFixtures.FixedMetricSource(series), null, List.of()).refresh();

        assertThat(state.queries()).extracting(Query::id).containsExactly(TOPOLOGY_1_WORKER);
        assertThat(state.operators()).allSatisfy(o -> assertThat(o.queryId()).isEqualTo(TOPOLOGY_1_WORKER));
    }

    @Test
    void aLocalModeJvmRunningAnotherTopologyIsLeftAlone() throws Exception {
        localCluster(PID, "storm-2.8.3/threads-1-worker.txt");
        List<JvmThread> other = List.of(new JvmThread(new dev.lachesis.core.model.ThreadRef(7777, 7778),
                        "Thread-12-words-executor[2, 2]"), new JvmThread(new dev.lachesis.core.model.ThreadRef(7777, 7779),
                        "flush-tuple-timer"));
        jvmThreads.put(7777, other);
        StormFixtures.process(proc, 7777, LOCAL_MODE, other);
        StormFixtures.started(proc, 7777, NOW - 50.5, NOW);

        SpeState state = driver(new StormFixtures.FixedMetricSource(
                seriesFor("storm-2.8.3/metric-names-1-worker.txt", TOPOLOGY_1_WORKER, NOW)), "lachesis-pipeline",
                List.of()).refresh();

        assertThat(state.pids()).containsExactly(PID);
        assertThat(state.threads()).allSatisfy(t -> assertThat(t.thread().pid()).isEqualTo(PID));
    }

    @Test
    void twoLocalModeJvmsRunningTopologiesOfTheSameShapeEachGetTheirOwnTopology() throws Exception {
        String high = "q-high-1-1795432900";
        String low = "q-low-2-1795432960";
        localCluster(PID, "storm-2.8.3/threads-1-worker.txt", JVM_START);
        localCluster(PID + 1, "storm-2.8.3/threads-1-worker.txt", JVM_START + 40);
        List<Series> series = new ArrayList<>(seriesFor("storm-2.8.3/metric-names-1-worker.txt", high, NOW, JVM_START));
        series.addAll(seriesFor("storm-2.8.3/metric-names-1-worker.txt", low, NOW, JVM_START + 40));

        SpeState state = driver(new StormFixtures.FixedMetricSource(series), null, List.of()).refresh();

        assertThat(state.pids()).containsExactly(PID, PID + 1);
        assertThat(state.queries()).extracting(Query::id).containsExactly(high, low);
        assertThat(state.threads()).allSatisfy(t -> assertThat(t.queryId()).isEqualTo(t.thread().pid() == PID ? high : low));
        assertThat(state.operators()).filteredOn(o -> o.id().contains("/heavy/"))
                .extracting(PhysicalOperator::id, PhysicalOperator::index, PhysicalOperator::parallelism)
                .containsExactlyInAnyOrder(
                        org.assertj.core.groups.Tuple.tuple(op(high, "heavy", 2), 0, 2),
                        org.assertj.core.groups.Tuple.tuple(op(high, "heavy", 3), 1, 2),
                        org.assertj.core.groups.Tuple.tuple(op(low, "heavy", 2), 0, 2),
                        org.assertj.core.groups.Tuple.tuple(op(low, "heavy", 3), 1, 2));
    }

    @Test
    void localModeJvmsStartedInTheSameSecondAreNotScheduledAndOneWarningSaysHowToConfigureThem() throws Exception {
        String high = "q-high-1-1795432900";
        String low = "q-low-2-1795432960";
        localCluster(PID, "storm-2.8.3/threads-1-worker.txt", JVM_START);
        localCluster(PID + 1, "storm-2.8.3/threads-1-worker.txt", JVM_START);
        List<Series> series = new ArrayList<>(seriesFor("storm-2.8.3/metric-names-1-worker.txt", high, NOW, JVM_START));
        series.addAll(seriesFor("storm-2.8.3/metric-names-1-worker.txt", low, NOW, JVM_START));
        StormDriver driver = driver(new StormFixtures.FixedMetricSource(series), null, List.of());

        try (LogCapture log = new LogCapture(JvmTopologies.class)) {
            SpeState first = driver.refresh();
            SpeState second = driver.refresh();

            assertThat(first.threads()).isEmpty();
            assertThat(second.threads()).isEmpty();
            assertThat(log.lines()).filteredOn(l -> l.startsWith("WARN")).singleElement().satisfies(l -> assertThat(l)
                    .contains("[" + PID + ", " + (PID + 1) + "]", "[" + high + ", " + low + "]", "pids:",
                            "discovery.topology:"));
        }

        SpeState configured = driver(new StormFixtures.FixedMetricSource(series), "q-high", List.of(PID)).refresh();
        assertThat(configured.pids()).containsExactly(PID);
        assertThat(configured.queries()).extracting(Query::id).containsExactly(high);
        assertThat(ofKind(configured, ThreadKind.MAIN)).hasSize(5);
    }

    @Test
    void aJvmRunningTwoTopologiesWhoseExecutorsLookAlikeIsNotScheduled() throws Exception {
        String high = "q-high-1-1795432900";
        String low = "q-low-2-1795432960";
        List<JvmThread> threads = new ArrayList<>(StormFixtures.threads(PID, "storm-2.8.3/threads-1-worker.txt"));
        StormFixtures.threads(PID, "storm-2.8.3/threads-1-worker.txt").forEach(t -> threads.add(
                new JvmThread(new dev.lachesis.core.model.ThreadRef(PID, t.tid() + 100_000), t.name())));
        jvmThreads.put(PID, threads);
        StormFixtures.process(proc, PID, LOCAL_MODE, threads);
        StormFixtures.started(proc, PID, JVM_START + 0.47, NOW);
        List<Series> series = new ArrayList<>(seriesFor("storm-2.8.3/metric-names-1-worker.txt", high, NOW));
        series.addAll(seriesFor("storm-2.8.3/metric-names-1-worker.txt", low, NOW));

        try (LogCapture log = new LogCapture(StormStateBuilder.class)) {
            SpeState all = driver(new StormFixtures.FixedMetricSource(series), null, List.of()).refresh();
            StormDriver named = driver(new StormFixtures.FixedMetricSource(series), "q-high", List.of(PID));

            assertThat(all.threads()).isEmpty();
            assertThatThrownBy(named::refresh).as("the filter keeps q-high, but q-low's threads have the same names")
                    .isInstanceOf(DriverException.class).hasMessageContaining("none known to run it");
            assertThat(log.lines()).filteredOn(l -> l.startsWith("WARN")).hasSize(2)
                    .allSatisfy(l -> assertThat(l).contains("PID " + PID, "cannot be told apart"));
        }
    }

    @Test
    void queriesNameTheRunningTopologiesSoGraphiteReadsNoStoppedOnes() throws Exception {
        localCluster(PID, "storm-2.8.3/threads-1-worker.txt");
        List<Series> series = new ArrayList<>(seriesFor("storm-2.8.3/metric-names-1-worker.txt", TOPOLOGY_1_WORKER, NOW));
        for (int i = 1; i <= 18; i++) {
            // Graphite keeps stopped topologies' files and answers with empty buckets for them.
            seriesFor("storm-2.8.3/metric-names-1-worker.txt", "lachesis-pipeline-" + i + "-1795400000", NOW)
                    .forEach(d -> series.add(new Series(d.name(), d.points().stream()
                            .map(p -> new dev.lachesis.core.spi.DataPoint(p.epochSeconds(), Double.NaN)).toList())));
        }
        var source = new StormFixtures.FixedMetricSource(series);
        StormDriver driver = driver(source, "lachesis-pipeline", List.of());

        driver.refresh();
        driver.refresh();

        assertThat(source.patterns()).hasSize(3);
        assertThat(source.patterns().get(0)).as("the first round discovers")
                .containsExactly("storm.{topology,worker}.lachesis-pipeline-*.*.__system.-1.*-{startTimeSecs,worker-transfer-queue-population}");
        List<String> steady = source.patterns().get(2);
        assertThat(steady.get(0)).isEqualTo("storm.{topology,worker}.lachesis-pipeline-*.*.__system.-1.*-{startTimeSecs,worker-transfer-queue-population}");
        assertThat(steady.subList(1, steady.size())).hasSize(6).allSatisfy(p -> assertThat(p)
                .matches("storm\\.(worker|topology)\\." + Pattern.quote(TOPOLOGY_1_WORKER) + "\\..*"));

        String second = "lachesis-pipeline-9-1795433570";
        localCluster(PID + 1, "storm-2.8.3/threads-1-worker.txt", JVM_START + 40);
        List<Series> withSecond = new ArrayList<>(series);
        withSecond.addAll(seriesFor("storm-2.8.3/metric-names-1-worker.txt", second, NOW, JVM_START + 40));
        source.set(withSecond);
        driver.refresh();
        driver.refresh();

        assertThat(source.patterns()).hasSize(6);
        assertThat(source.patterns().get(4)).as("a topology that started reporting is read at once")
                .allSatisfy(p -> assertThat(p).contains(second));
        assertThat(source.patterns().get(5).get(1)).startsWith("storm.worker.{" + TOPOLOGY_1_WORKER + "," + second + "}.");
    }

    @Test
    void aTopologyThatStoppedReportingIsReadByNameForHalfAMinuteOnly() throws Exception {
        localCluster(PID, "storm-2.8.3/threads-1-worker.txt");
        var source = new StormFixtures.FixedMetricSource(
                seriesFor("storm-2.8.3/metric-names-1-worker.txt", TOPOLOGY_1_WORKER, NOW));
        Instant[] now = {Instant.ofEpochSecond(NOW)};
        Clock clock = new Clock() {
            @Override
            public ZoneOffset getZone() {
                return ZoneOffset.UTC;
            }

            @Override
            public Clock withZone(java.time.ZoneId zone) {
                return this;
            }

            @Override
            public Instant instant() {
                return now[0];
            }
        };
        StormDriver driver = new StormDriver("storm", new StormSettings(null, null, "*", null, null, null), null,
                List.of(), source, lister, new ProcFs(proc), clock);
        driver.refresh();
        source.set(List.of());

        now[0] = now[0].plusSeconds(30);
        driver.refresh();
        now[0] = now[0].plusSeconds(1);
        driver.refresh();
        driver.refresh();

        List<List<String>> patterns = source.patterns();
        assertThat(patterns.get(patterns.size() - 3)).as("a carbon that lags skips a window now and then")
                .anyMatch(p -> p.contains(TOPOLOGY_1_WORKER));
        assertThat(patterns.get(patterns.size() - 2)).anyMatch(p -> p.contains(TOPOLOGY_1_WORKER));
        assertThat(patterns.get(patterns.size() - 1))
                .containsExactly("storm.{topology,worker}.*.*.__system.-1.*-{startTimeSecs,worker-transfer-queue-population}");
    }

    @Test
    void aNamedTopologyThatNoJvmRunsIsAnErrorEvenWhenOtherStormJvmsRun() throws Exception {
        localCluster(PID, "storm-2.8.3/threads-1-worker.txt");
        StormDriver driver = driver(new StormFixtures.FixedMetricSource(
                seriesFor("storm-2.8.3/metric-names-1-worker.txt", "other-1-1795433000", NOW)), "lachesis-pipeline",
                List.of());

        assertThatThrownBy(driver::refresh).isInstanceOf(DriverException.class)
                .hasMessage("no Storm worker or local-mode JVM is running for topology 'lachesis-pipeline' "
                        + "(Storm JVMs found: [" + PID + "]; no topology of that name reports from host '*' to fixed series: "
                        + "does it set topology.metrics.reporters (see config/storm.yaml), and do its reporters name "
                        + "this host as settings.host does?)");
    }

    /**
     * The shared lister names threads that appeared soon after its last dump by their {@code comm}
     * until it may dump again. The driver asks it every round, so the executors get their full names
     * even when no thread comes or goes afterwards.
     */
    @Test
    void executorsFirstNamedByTheirCommGetTheirFullNamesThoughNoThreadComesOrGoes() throws Exception {
        localCluster(PID, "storm-2.8.3/threads-1-worker.txt");
        List<JvmThread> named = jvmThreads.get(PID);
        jvmThreads.put(PID, named.stream().map(t -> new JvmThread(t.ref(), StormFixtures.comm(t.name()))).toList());
        StormDriver driver = driver(new StormFixtures.FixedMetricSource(
                seriesFor("storm-2.8.3/metric-names-1-worker.txt", TOPOLOGY_1_WORKER, NOW)), "lachesis-pipeline", List.of());

        assertThatThrownBy(driver::refresh).hasMessageContaining("none known to run it");
        jvmThreads.put(PID, named);
        SpeState state = driver.refresh();

        assertThat(ofKind(state, ThreadKind.MAIN)).hasSize(5);
    }

    /** What a topology's first report holds: queue gauges; no start, no counters yet. */
    private static List<Series> firstReport(String topology) {
        return seriesFor("storm-2.8.3/metric-names-1-worker.txt", topology, NOW).stream()
                .filter(s -> s.name().contains("-receive-queue-") || s.name().endsWith("-worker-transfer-queue-population"))
                .toList();
    }

    @Test
    void theFirstRoundSchedulesATopologyFromItsFirstReportAndDumpsNoJvmOfAnotherTopology() throws Exception {
        localCluster(PID, "storm-2.8.3/threads-1-worker.txt");
        List<JvmThread> wordCount = StormFixtures.threads(7001, "storm-1.2.3/threads-1-worker.txt");
        jvmThreads.put(7001, wordCount);
        StormFixtures.process(proc, 7001, LOCAL_MODE, wordCount);
        StormFixtures.started(proc, 7001, JVM_START + 0.2, NOW);
        List<JvmThread> idle = StormFixtures.threads(7002, "storm-2.8.3/threads-1-worker.txt").stream()
                .filter(t -> !t.name().contains("-executor[")).toList();
        jvmThreads.put(7002, idle);
        StormFixtures.process(proc, 7002, LOCAL_MODE, idle);
        StormFixtures.started(proc, 7002, JVM_START + 0.7, NOW);
        var source = new StormFixtures.FixedMetricSource(firstReport(TOPOLOGY_1_WORKER));

        SpeState state = driver(source, "lachesis-pipeline", List.of()).refresh();

        assertThat(state.pids()).containsExactly(PID);
        assertThat(ofKind(state, ThreadKind.MAIN)).hasSize(5);
        assertThat(listings).as("the JVMs that started in the same second but run no such executors are not dumped")
                .containsOnlyKeys(PID);
    }

    @Test
    void aTopologyOnceFoundIsNotLostInRoundsWhoseSeriesComeLateOrNotAtAll() throws Exception {
        localCluster(PID, "storm-2.8.3/threads-1-worker.txt");
        List<Series> series = seriesFor("storm-2.8.3/metric-names-1-worker.txt", TOPOLOGY_1_WORKER, NOW);
        var source = new StormFixtures.FixedMetricSource(series);
        StormDriver driver = driver(source, "lachesis-pipeline", List.of());
        List<String> executors = ofKind(driver.refresh(), ThreadKind.MAIN).stream().map(OperatorThread::operatorId).toList();

        try (LogCapture log = new LogCapture(StormStateBuilder.class)) {
            source.set(List.of());
            SpeState empty = driver.refresh();
            source.set(series.stream().filter(s -> !s.name().contains("-receive-queue-")).toList());
            SpeState noQueues = driver.refresh();
            source.set(series);
            SpeState back = driver.refresh();

            for (SpeState state : List.of(empty, noQueues, back)) {
                assertThat(state.pids()).containsExactly(PID);
                assertThat(ofKind(state, ThreadKind.MAIN)).extracting(OperatorThread::operatorId)
                        .containsExactlyInAnyOrderElementsOf(executors);
            }
            assertThat(log.lines()).isEmpty();
        }
    }

    /** Storm 2.x's layout, noting every series name it is asked to read. */
    private static final class ReadNames implements StormMetricLayout {
        private final StormMetricLayout layout = new Storm2MetricLayout("", "*");
        private final List<String> read = new ArrayList<>();

        @Override
        public List<String> patterns(String topologyGlob) {
            return layout.patterns(topologyGlob);
        }

        @Override
        public String discoveryPattern(String topologyGlob) {
            return layout.discoveryPattern(topologyGlob);
        }

        @Override
        public java.util.Optional<StormSeries> parse(String seriesName) {
            read.add(seriesName);
            return layout.parse(seriesName);
        }

        @Override
        public String topologyGlob(String topologyName) {
            return layout.topologyGlob(topologyName);
        }

        @Override
        public boolean isTopologyNamed(String topology, String name) {
            return layout.isTopologyNamed(topology, name);
        }

        @Override
        public String seriesTopology(String topologyId) {
            return layout.seriesTopology(topologyId);
        }

        @Override
        public boolean countersAreCumulative() {
            return layout.countersAreCumulative();
        }
    }

    private StormDriver driver(MetricSource source, StormMetricLayout layout) {
        return new StormDriver("storm", new StormSettings(null, null, "*", null, null, null), layout, null, List.of(),
                source, lister, new ProcFs(proc), Clock.fixed(Instant.ofEpochSecond(NOW), ZoneOffset.UTC));
    }

    @Test
    void aRoundReadsOnlyTheSeriesNamesNoRoundReadBefore() throws Exception {
        localCluster(PID, "storm-2.8.3/threads-1-worker.txt");
        List<Series> series = seriesFor("storm-2.8.3/metric-names-1-worker.txt", TOPOLOGY_1_WORKER, NOW);
        ReadNames layout = new ReadNames();
        StormDriver driver = driver(new StormFixtures.FixedMetricSource(series), layout);

        driver.refresh();
        List<String> firstRound = List.copyOf(layout.read);
        SpeState state = driver.refresh();

        assertThat(firstRound).as("the discovery query, then one for the topology it found: each name read once")
                .contains("storm.topology." + TOPOLOGY_1_WORKER + ".localhost.__system.-1.1024-startTimeSecs")
                .doesNotHaveDuplicates();
        assertThat(layout.read).isEqualTo(firstRound);
        assertThat(driver.fetch(state, Set.of(MetricNames.INPUT_QUEUE)).get(MetricNames.INPUT_QUEUE).asMap())
                .containsEntry(op(TOPOLOGY_1_WORKER, "heavy", 2), 500.0).hasSize(5);
    }

    @Test
    void seriesNamesMissingForTwoRoundsAreForgotten() throws Exception {
        localCluster(PID, "storm-2.8.3/threads-1-worker.txt");
        String restarted = "lachesis-pipeline-2-1795433570";
        List<Series> before = seriesFor("storm-2.8.3/metric-names-1-worker.txt", TOPOLOGY_1_WORKER, NOW);
        var source = new StormFixtures.FixedMetricSource(before);
        ReadNames layout = new ReadNames();
        StormDriver driver = driver(source, layout);
        String queue = before.stream().map(Series::name).filter(n -> n.endsWith("-receive-queue-population"))
                .findFirst().orElseThrow();

        driver.refresh();
        source.set(seriesFor("storm-2.8.3/metric-names-1-worker.txt", restarted, NOW));
        driver.refresh();
        driver.refresh();
        driver.refresh();
        source.set(before);
        driver.refresh();

        assertThat(layout.read).as("read, forgotten, read again").filteredOn(queue::equals).hasSize(2);
    }

    @Test
    void workersOfOtherTopologiesAreIgnoredAndWorkersNameTheirTopology() throws Exception {
        List<JvmThread> threads = StormFixtures.threads(7001, "storm-2.8.3/threads-1-worker.txt");
        jvmThreads.put(7001, threads);
        StormFixtures.process(proc, 7001, List.of("java", "-server", "org.apache.storm.daemon.worker.Worker",
                TOPOLOGY_1_WORKER, "supervisor-1", "6627", "1024", "worker-uuid"), threads);
        StormFixtures.process(proc, 7002, List.of("java", "-server", "org.apache.storm.daemon.worker.Worker",
                "other-3-1795433000", "supervisor-1", "6627", "6701", "worker-uuid-2"), List.of());
        StormFixtures.started(proc, 7001, JVM_START + 0.4, NOW);

        SpeState state = driver(new StormFixtures.FixedMetricSource(
                seriesFor("storm-2.8.3/metric-names-1-worker.txt", TOPOLOGY_1_WORKER, NOW)), "lachesis-pipeline",
                List.of()).refresh();

        assertThat(state.pids()).containsExactly(7001);
        assertThat(ofKind(state, ThreadKind.MAIN)).hasSize(5);
    }

    @Test
    void noStormProcessIsAnErrorNamingTheTopology() throws Exception {
        StormFixtures.process(proc, 100, List.of("/usr/sbin/sshd", "-D"), List.of());
        StormDriver driver = driver(new StormFixtures.FixedMetricSource(List.of()), "lachesis-pipeline", List.of());

        assertThatThrownBy(driver::refresh).isInstanceOf(DriverException.class)
                .hasMessage("no Storm worker or local-mode JVM is running for topology 'lachesis-pipeline'");
    }

    @Test
    void anUnreachableMetricSourceFailsTheRoundWithItsReason() throws Exception {
        localCluster(PID, "storm-2.8.3/threads-1-worker.txt");
        MetricSource down = new MetricSource() {
            @Override
            public List<Series> query(Collection<String> patterns, Duration window) throws MetricSourceException {
                throw new MetricSourceException("http://127.0.0.1:8080/render: connection refused");
            }

            @Override
            public String describe() {
                return "http://127.0.0.1:8080";
            }
        };

        assertThatThrownBy(() -> driver(down, null, List.of()).refresh()).isInstanceOf(DriverException.class)
                .hasMessage("cannot read Storm metrics: http://127.0.0.1:8080/render: connection refused");
    }
}
