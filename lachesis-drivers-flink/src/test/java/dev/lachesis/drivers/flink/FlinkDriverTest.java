package dev.lachesis.drivers.flink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.lachesis.core.config.ByteSize;
import dev.lachesis.core.metric.MetricNames;
import dev.lachesis.core.metric.MetricValues;
import dev.lachesis.core.metricsource.FixedMetricSource;
import dev.lachesis.core.model.JvmThread;
import dev.lachesis.core.model.OperatorThread;
import dev.lachesis.core.model.SpeState;
import dev.lachesis.core.model.ThreadKind;
import dev.lachesis.core.proc.ProcFs;
import dev.lachesis.core.spi.DataPoint;
import dev.lachesis.core.spi.DriverException;
import dev.lachesis.core.spi.JvmThreadLister;
import dev.lachesis.core.spi.Series;
import dev.lachesis.core.testing.ManualClock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FlinkDriverTest {
    private static final int PID = 12541;
    private static final String JOB = Fixtures.OVERLOADED_JOB;
    private static final String RESUBMITTED = "6c1cafdfe046a8851007cab0940b83cd";
    private static final String HEAVY_0 = JOB + "/" + Fixtures.HEAVY_VERTEX + "/0";

    @TempDir
    Path procRoot;

    private FakeFlinkRest rest;
    private final ManualClock clock = new ManualClock(Instant.parse("2026-11-23T11:00:00Z"));
    private final List<Integer> listerCalls = new ArrayList<>();
    private List<JvmThread> threads = Fixtures.threads(PID);
    private final JvmThreadLister lister = pid -> {
        listerCalls.add(pid);
        return threads;
    };

    @BeforeEach
    void serveTheOverloadedCapture() throws IOException {
        rest = new FakeFlinkRest()
                .answer("/jobs/overview", overview(JOB))
                .answer("/jobs/" + JOB, Fixtures.text("job-overloaded.json"));
        for (String vertex : List.of(Fixtures.SOURCE_VERTEX, Fixtures.HEAVY_VERTEX, Fixtures.SINK_VERTEX)) {
            rest.answer("/jobs/" + JOB + "/vertices/" + vertex + "/metrics",
                    Fixtures.text("overloaded-vertex-" + vertex + "-metrics.json"));
        }
        tids(threads);
    }

    @AfterEach
    void stop() {
        rest.close();
    }

    /** The overview answer with one running job of 4 subtasks (the shape of the captured jobs-overview.json). */
    private static String overview(String jobId) {
        return overview(jobId, 4);
    }

    private static String overview(String jobId, int tasks) {
        return "{\"jobs\":[{\"jid\":\"" + jobId + "\",\"name\":\"lachesis-example\",\"state\":\"RUNNING\","
                + "\"tasks\":{\"total\":" + tasks + "}}]}";
    }

    private void tids(List<JvmThread> list) throws IOException {
        Path task = procRoot.resolve(PID + "/task");
        if (Files.exists(task)) {
            try (var old = Files.list(task)) {
                for (Path p : old.toList()) {
                    Files.delete(p);
                }
            }
        }
        for (JvmThread t : list) {
            Files.createDirectories(task.resolve(Integer.toString(t.tid())));
        }
    }

    private FlinkDriver driver(TaskMetricReader reader) {
        return new FlinkDriver("flink", client(), reader, lister, new ProcFs(procRoot), () -> List.of(PID), clock);
    }

    private FlinkRestClient client() {
        return new FlinkRestClient(rest.url(), Duration.ofSeconds(2));
    }

    @Test
    void seesTheJobItsChainsSubtasksAndThreads() throws DriverException {
        SpeState state = driver(new RestTaskMetrics(client(), clock, Duration.ofSeconds(10))).refresh();

        assertThat(state.driver()).isEqualTo("flink");
        assertThat(state.pids()).containsExactly(PID);
        assertThat(state.queries()).singleElement().satisfies(q -> {
            assertThat(q.id()).isEqualTo(JOB);
            assertThat(q.operators()).extracting(op -> op.name())
                    .containsExactly("Source: events", "light", "heavy", "latency", "discard: Writer");
            assertThat(q.sources()).containsExactly(Fixtures.SOURCE_VERTEX + ":0");
            assertThat(q.downstreamOf(Fixtures.SOURCE_VERTEX + ":0")).containsExactly(Fixtures.SOURCE_VERTEX + ":1");
            assertThat(q.downstreamOf(Fixtures.SOURCE_VERTEX + ":1")).containsExactly(Fixtures.HEAVY_VERTEX + ":0");
            assertThat(q.downstreamOf(Fixtures.HEAVY_VERTEX + ":0")).containsExactly(Fixtures.SINK_VERTEX + ":0");
            assertThat(q.sinks()).containsExactly(Fixtures.SINK_VERTEX + ":1");
        });
        assertThat(state.operators()).extracting(op -> op.id()).containsExactly(
                JOB + "/" + Fixtures.SOURCE_VERTEX + "/0", HEAVY_0, JOB + "/" + Fixtures.HEAVY_VERTEX + "/1",
                JOB + "/" + Fixtures.SINK_VERTEX + "/0");
        assertThat(state.operator(HEAVY_0).orElseThrow().parallelism()).isEqualTo(2);
        assertThat(state.threads()).filteredOn(t -> t.kind() == ThreadKind.MAIN).hasSize(4);
        assertThat(state.threads()).filteredOn(t -> t.kind() == ThreadKind.SENDER)
                .extracting(OperatorThread::queueEntity).hasSize(3).contains(HEAVY_0);
        assertThat(state.observedAt()).isEqualTo(clock.instant());
    }

    @Test
    void restMetricsGiveEveryQueueInRecordsWithOneRequestPerVertex() throws DriverException {
        FlinkDriver driver = driver(new RestTaskMetrics(client(), clock, Duration.ofSeconds(10)));
        SpeState state = driver.refresh();
        rest.requests.clear();

        Map<String, MetricValues> values = driver.fetch(state, Set.of(MetricNames.INPUT_QUEUE, MetricNames.OUTPUT_QUEUE));

        assertThat(rest.requests).hasSize(3).allMatch(r -> r.contains("/metrics?get="));
        assertThat(rest.requests.get(1)).contains("0.numRecordsIn,").contains("1.Shuffle.Netty.Input.Buffers.inputQueueLength");
        MetricValues input = values.get(MetricNames.INPUT_QUEUE);
        assertThat(input.get(HEAVY_0).getAsDouble()).isCloseTo(5 * 19500.0 / 16, within(0.01));
        assertThat(input.asMap()).hasSize(4);
        assertThat(values.get(MetricNames.OUTPUT_QUEUE).asMap()).hasSize(4);
    }

    @Test
    void graphiteMetricsAreReadInOneQueryThroughTheTaskScope() throws DriverException {
        String prefix = "flink.taskmanager." + JOB + "." + Fixtures.HEAVY_VERTEX + ".0.lachesis-example.heavy.";
        FixedMetricSource graphite = FixedMetricSource.of(
                new Series(prefix + "numRecordsIn.count", List.of(new DataPoint(100, 1_000), new DataPoint(109, 1_900))),
                new Series(prefix + "busyTimeMsPerSecond", List.of(new DataPoint(100, 990), DataPoint.missing(109))),
                new Series(prefix + "Shuffle.Netty.Input.Buffers.inputQueueLength", List.of(new DataPoint(109, 3))),
                new Series(prefix + "numBuffersInLocal.count", List.of(new DataPoint(100, 10), new DataPoint(109, 19))),
                // The same metric of the heavy operator (not the task): one node deeper, not selected.
                new Series("flink.taskmanager." + JOB + "." + Fixtures.HEAVY_VERTEX + ".0.lachesis-example."
                        + Fixtures.HEAVY_VERTEX + ".heavy.numRecordsIn.count", List.of(new DataPoint(109, 5))),
                new Series("flink.taskmanager.other.job.metric", List.of(new DataPoint(109, 1))));
        FlinkDriver driver = driver(new GraphiteTaskMetrics(graphite,
                GraphiteScope.task(GraphiteScope.TASK_RECOMMENDED),
                GraphiteScope.operator(GraphiteScope.OPERATOR_RECOMMENDED), Duration.ofSeconds(10)));

        Map<String, MetricValues> values = driver.fetch(driver.refresh(), FlinkMetricEstimator.PROVIDED);

        assertThat(graphite.queries()).singleElement().satisfies(q -> {
            assertThat(q.patterns()).hasSize(5);
            assertThat(q.window()).isEqualTo(Duration.ofSeconds(10));
        });
        assertThat(values.get(MetricNames.PROCESSED_RATE).asMap()).containsOnly(Map.entry(HEAVY_0, 100.0));
        assertThat(values.get(MetricNames.PROCESSING_TIME).asMap()).containsOnly(Map.entry(HEAVY_0, 9.9));
        // 3 buffers × 100 records per buffer ((1900-1000) records over (19-10) buffers).
        assertThat(values.get(MetricNames.INPUT_QUEUE).asMap()).containsEntry(HEAVY_0, 300.0);
    }

    /**
     * Issue 41's cluster: after a restart a subtask runs on another TaskManager, and with a task scope
     * without the TaskManager its series is the one the TaskManager it left wrote to. The points
     * stamped before its thread here started are that other TaskManager's, and are not read.
     */
    @Test
    void aSubtasksPointsFromBeforeItsThreadHereStartedAreNotRead() throws Exception {
        long now = clock.instant().getEpochSecond();
        startedSecondsAgo(Fixtures.thread(threads, "heavy (1/2)#0").tid(), 4.5);
        String prefix = "flink.taskmanager." + JOB + "." + Fixtures.HEAVY_VERTEX + ".0.lachesis-example.heavy.";
        FixedMetricSource graphite = FixedMetricSource.of(new Series(prefix + "numRecordsIn.count", List.of(
                new DataPoint(now - 9, 10_000), new DataPoint(now - 6, 10_900),
                new DataPoint(now - 4, 0), new DataPoint(now, 400))));
        FlinkDriver driver = driver(new GraphiteTaskMetrics(graphite,
                GraphiteScope.task(GraphiteScope.TASK_RECOMMENDED),
                GraphiteScope.operator(GraphiteScope.OPERATOR_RECOMMENDED), Duration.ofSeconds(10)));

        Map<String, MetricValues> values = driver.fetch(driver.refresh(), Set.of(MetricNames.PROCESSED_RATE));

        assertThat(values.get(MetricNames.PROCESSED_RATE).asMap()).containsOnly(Map.entry(HEAVY_0, 100.0));
    }

    /** {@code /proc/uptime} and the {@code stat} of thread {@code tid} of {@link #PID} placing its start that long ago. */
    private void startedSecondsAgo(int tid, double seconds) throws IOException {
        double uptime = 100_000;
        Files.writeString(procRoot.resolve("uptime"), uptime + " 1.00\n");
        StringBuilder stat = new StringBuilder(tid + " (heavy (1/2)#0) S");
        for (int field = 4; field <= 52; field++) {
            stat.append(' ').append(field == 22 ? Math.round((uptime - seconds) * 100) : 0);
        }
        Files.writeString(procRoot.resolve(PID + "/task/" + tid + "/stat"), stat + "\n");
    }

    /** Serves the file-source capture instead: its job, its source vertex's REST answer, empty answers for the others. */
    private void serveTheFileSourceCapture() throws IOException {
        FlinkJob job = Fixtures.fileSourceJob();
        rest.answer("/jobs/overview", overview(Fixtures.FILE_SOURCE_JOB))
                .answer("/jobs/" + Fixtures.FILE_SOURCE_JOB, Fixtures.text("file-source-job.json"));
        for (FlinkVertex vertex : job.vertices()) {
            rest.answer("/jobs/" + Fixtures.FILE_SOURCE_JOB + "/vertices/" + vertex.id() + "/metrics",
                    vertex.id().equals(Fixtures.FILE_SOURCE_VERTEX)
                            ? Fixtures.text("file-source-vertex-" + vertex.id() + "-metrics.json") : "[]");
        }
        threads = Fixtures.fileSourceThreads(PID);
        tids(threads);
    }

    private static String fileSourceSubtask(int index) {
        return Fixtures.FILE_SOURCE_JOB + "/" + Fixtures.FILE_SOURCE_VERTEX + "/" + index;
    }

    @Test
    void aFileSourcesReaderThreadsAreSourceReadersOfTheirSubtasks() throws Exception {
        serveTheFileSourceCapture();

        SpeState state = driver(new RestTaskMetrics(client(), clock, Duration.ofSeconds(10))).refresh();

        assertThat(state.threads()).filteredOn(t -> t.kind() == ThreadKind.SOURCE_READER)
                .extracting(t -> t.thread().name(), OperatorThread::operatorId, OperatorThread::queueEntity)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("lachesis-source-reader-file-0", fileSourceSubtask(0), fileSourceSubtask(0)),
                        org.assertj.core.groups.Tuple.tuple("lachesis-source-reader-file-1", fileSourceSubtask(1), fileSourceSubtask(1)));
        assertThat(state.threads()).filteredOn(t -> t.kind() == ThreadKind.SOURCE_READER)
                .extracting(OperatorThread::queryId).containsOnly(Fixtures.FILE_SOURCE_JOB);
    }

    @Test
    void restGivesEachSourceSubtasksQueueFromItsOperatorMetric() throws Exception {
        serveTheFileSourceCapture();
        FlinkDriver driver = driver(new RestTaskMetrics(client(), clock, Duration.ofSeconds(10)));
        SpeState state = driver.refresh();
        rest.requests.clear();

        Map<String, MetricValues> values = driver.fetch(state, Set.of(MetricNames.SOURCE_QUEUE));

        assertThat(rest.requests).filteredOn(r -> r.contains("/vertices/" + Fixtures.FILE_SOURCE_VERTEX + "/"))
                .singleElement().asString()
                .contains("0.Source__file.source-queue-size", "1.Source__file.source-queue-size");
        assertThat(rest.requests).filteredOn(r -> !r.contains("/vertices/" + Fixtures.FILE_SOURCE_VERTEX + "/"))
                .noneMatch(r -> r.contains("source-queue-size"));
        // The captured answer: 810 and 804 records waited in the two subtasks of the held-back source.
        assertThat(values.get(MetricNames.SOURCE_QUEUE).asMap())
                .isEqualTo(Map.of(fileSourceSubtask(0), 810.0, fileSourceSubtask(1), 804.0));
    }

    @Test
    void graphiteGivesEachSourceSubtasksQueueThroughTheOperatorScope() throws Exception {
        serveTheFileSourceCapture();
        List<Series> series = new ArrayList<>(Fixtures.fileSourceSeries());
        // One node short of the operator scope (where a task metric of that name would be): not selected.
        series.add(new Series("flink.taskmanager." + Fixtures.FILE_SOURCE_JOB + "." + Fixtures.FILE_SOURCE_VERTEX
                + ".0.lachesis-capture.Source:-file.source-queue-size", List.of(new DataPoint(1_795_438_525L, 1))));
        FixedMetricSource graphite = new FixedMetricSource(series);
        FlinkDriver driver = driver(new GraphiteTaskMetrics(graphite, GraphiteScope.task(GraphiteScope.TASK_RECOMMENDED),
                GraphiteScope.operator(GraphiteScope.OPERATOR_RECOMMENDED), Duration.ofSeconds(10)));

        Map<String, MetricValues> values = driver.fetch(driver.refresh(), FlinkMetricEstimator.PROVIDED);

        assertThat(graphite.queries()).singleElement().satisfies(q -> assertThat(q.patterns()).hasSize(5));
        // The last report of each subtask's gauge (895 records each, growing by ~200 a second).
        assertThat(values.get(MetricNames.SOURCE_QUEUE).asMap())
                .isEqualTo(Map.of(fileSourceSubtask(0), 895.0, fileSourceSubtask(1), 895.0));
    }

    @Test
    void aCancelledAndResubmittedJobIsPickedUpOnTheNextRound() throws DriverException, IOException {
        FlinkDriver driver = driver(new RestTaskMetrics(client(), clock, Duration.ofSeconds(10)));
        driver.refresh();
        driver.refresh();

        rest.answer("/jobs/overview", overview(RESUBMITTED))
                .answer("/jobs/" + RESUBMITTED, Fixtures.text("job-overloaded.json").replace(JOB, RESUBMITTED));
        List<JvmThread> restarted = new ArrayList<>();
        for (JvmThread t : threads) {
            restarted.add(new JvmThread(new dev.lachesis.core.model.ThreadRef(PID, t.tid() + 1000), t.name()));
        }
        threads = restarted;
        tids(restarted);
        SpeState state = driver.refresh();

        assertThat(state.queries()).extracting(q -> q.id()).containsExactly(RESUBMITTED);
        assertThat(state.threads()).extracting(OperatorThread::queryId).containsOnly(RESUBMITTED);
        assertThat(state.threads()).filteredOn(t -> t.thread().name().equals("heavy (1/2)#0"))
                .singleElement().satisfies(t -> {
                    assertThat(t.operatorId()).isEqualTo(RESUBMITTED + "/" + Fixtures.HEAVY_VERTEX + "/0");
                    assertThat(t.thread().tid()).isEqualTo(0x31c2 + 1000);
                });
    }

    @Test
    void aJobsGraphIsReadOnceAndAgainWhenItIsRescaled() throws DriverException, IOException {
        FlinkDriver driver = driver(new RestTaskMetrics(client(), clock, Duration.ofSeconds(10)));
        driver.refresh();
        driver.refresh();
        assertThat(rest.requests).filteredOn(r -> r.equals("/jobs/" + JOB)).hasSize(1);

        String rescaled = Fixtures.text("job-overloaded.json").replace("\"parallelism\": 2", "\"parallelism\": 3");
        rest.answer("/jobs/overview", overview(JOB, 5)).answer("/jobs/" + JOB, rescaled);
        threads = withThread(threads, 0x4000, "heavy (3/3)#0");
        tids(threads);
        SpeState state = driver.refresh();

        assertThat(rest.requests).filteredOn(r -> r.equals("/jobs/" + JOB)).hasSize(2);
        assertThat(state.operators()).hasSize(5);
    }

    /**
     * The shared lister names subtask threads that started soon after its last dump by their
     * {@code comm} ({@code Source: events } for {@code Source: events -> light (1/1)#0}) until it may
     * dump again; measured beside a MiniCluster, a job's helpers stayed unnamed for 28 s because the
     * driver asked again only when a thread came or went.
     */
    @Test
    void subtasksFirstNamedByTheirCommGetTheirFullNamesThoughNoThreadComesOrGoes() throws DriverException {
        List<JvmThread> named = threads;
        threads = named.stream().map(t -> new JvmThread(t.ref(), t.name().length() > 15 ? t.name().substring(0, 15)
                : t.name())).toList();
        FlinkDriver driver = driver(new RestTaskMetrics(client(), clock, Duration.ofSeconds(10)));
        int namedByComm = driver.refresh().threads().size();
        threads = named;
        clock.advance(Duration.ofSeconds(1));
        SpeState state = driver.refresh();

        assertThat(state.threads()).hasSizeGreaterThan(namedByComm);
        assertThat(state.threads()).filteredOn(t -> t.kind() == ThreadKind.MAIN).hasSize(4);
        assertThat(listerCalls).hasSize(2);
    }

    @Test
    void theJobListIsAskedForAgainOnlyWhenThreadsChangeOrItIsTenSecondsOld() throws DriverException, IOException {
        FlinkDriver driver = driver(new RestTaskMetrics(client(), clock, Duration.ofSeconds(10)));
        driver.refresh();
        clock.advance(Duration.ofSeconds(1));
        driver.refresh();
        assertThat(overviews()).as("rounds while nothing changed").isEqualTo(1);

        threads = withThread(threads, 0x4000, "Flink Netty Server (0) Thread 1");
        tids(threads);
        driver.refresh();
        assertThat(overviews()).as("after a TaskManager's threads changed").isEqualTo(2);

        clock.advance(FlinkDriver.JOB_LIST_MAX_AGE.minusSeconds(1));
        driver.refresh();
        assertThat(overviews()).isEqualTo(2);
        clock.advance(Duration.ofSeconds(1));
        driver.refresh();
        assertThat(overviews()).as("once the list is ten seconds old").isEqualTo(3);
    }

    private long overviews() {
        return rest.requests.stream().filter(r -> r.equals("/jobs/overview")).count();
    }

    private static List<JvmThread> withThread(List<JvmThread> threads, int tid, String name) {
        List<JvmThread> more = new ArrayList<>(threads);
        more.add(new JvmThread(new dev.lachesis.core.model.ThreadRef(PID, tid), name));
        return more;
    }

    @Test
    void aVertexWithManySubtasksIsReadInSeveralRequestsMergedIntoOneSample() throws DriverException {
        FlinkJob wide = new FlinkJob(JOB, "wide", List.of(new FlinkVertex("w", "wide", 80, List.of("wide"), List.of())));
        StringBuilder answer = new StringBuilder("[");
        for (int i = 0; i < 80; i++) {
            answer.append(i == 0 ? "" : ",").append("{\"id\":\"").append(i)
                    .append(".Shuffle.Netty.Input.Buffers.inputQueueLength\",\"value\":\"").append(i).append("\"}");
        }
        rest.answer("/jobs/" + JOB + "/vertices/w/metrics", answer.append("]").toString());

        TaskSamples samples = new RestTaskMetrics(client(), clock, Duration.ofSeconds(10)).read(List.of(wide));

        assertThat(rest.requests).hasSizeGreaterThan(1).allMatch(r -> r.length() <= FlinkRestClient.MAX_PATH_AND_QUERY_CHARS);
        assertThat(samples.points(new SubtaskKey(JOB, "w", 79), FlinkTaskMetric.INPUT_QUEUE_LENGTH))
                .containsExactly(new DataPoint(clock.instant().getEpochSecond(), 79));
    }

    @Test
    void aJvmWhoseThreadsCannotBeReadIsSkippedWhileTheOthersAreScheduled() throws Exception {
        int other = 777;
        Files.createDirectories(procRoot.resolve(other + "/task/" + 778));
        JvmThreadLister failingForOther = pid -> {
            if (pid == other) {
                throw new DriverException("cannot attach to JVM 777: permission denied");
            }
            return threads;
        };
        FlinkDriver driver = new FlinkDriver("flink", client(), new RestTaskMetrics(client(), clock, Duration.ofSeconds(10)),
                failingForOther, new ProcFs(procRoot), () -> List.of(PID, other), clock);

        SpeState state = driver.refresh();

        assertThat(state.pids()).containsExactly(PID);
        assertThat(state.threads()).filteredOn(t -> t.kind() == ThreadKind.MAIN).hasSize(4);

        FlinkDriver onlyOther = new FlinkDriver("flink", client(), new RestTaskMetrics(client(), clock, Duration.ofSeconds(10)),
                failingForOther, new ProcFs(procRoot), () -> List.of(other), clock);
        assertThatThrownBy(onlyOther::refresh).hasMessage("cannot attach to JVM 777: permission denied");
    }

    @Test
    void anAnswerLongerThanTheLimitFailsTheRoundWithoutBeingRead() {
        String big = overview(JOB).replace("]}", ", " + "{\"jid\": \"x\"}, ".repeat(1000) + "{\"jid\": \"y\"}]}");
        rest.answer("/jobs/overview", big);
        FlinkRestClient small = new FlinkRestClient(rest.url(), Duration.ofSeconds(2), ByteSize.kib(4));

        assertThatThrownBy(() -> new FlinkDriver("flink", small, new RestTaskMetrics(small, clock, Duration.ofSeconds(10)),
                lister, new ProcFs(procRoot), () -> List.of(PID), clock).refresh())
                .isInstanceOf(DriverException.class)
                .hasMessage("Flink REST " + rest.url() + "/jobs/overview sent an answer of " + big.length()
                        + " bytes, more than the limit of 4KiB");
    }

    @Test
    void saysWhatIsMissingWhenFlinkCannotBeSeen() throws IOException {
        FlinkDriver noWorkers = new FlinkDriver("flink", client(), new RestTaskMetrics(client(), clock, Duration.ofSeconds(10)),
                lister, new ProcFs(procRoot), List::of, clock);
        assertThatThrownBy(noWorkers::refresh).isInstanceOf(DriverException.class)
                .hasMessage("no Flink TaskManager JVM found for 'flink'; name it in spes[].pids or adjust settings.process-markers");

        rest.close();
        assertThatThrownBy(() -> driver(new RestTaskMetrics(client(), clock, Duration.ofSeconds(10))).refresh())
                .isInstanceOf(DriverException.class)
                .hasMessageStartingWith("Flink REST " + rest.url() + "/jobs/overview cannot be reached");
    }
}
