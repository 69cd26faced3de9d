package dev.lachesis.drivers.flink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.lachesis.core.metric.MetricNames;
import dev.lachesis.core.metric.MetricValues;
import dev.lachesis.server.store.EmbeddedMetricSource;
import dev.lachesis.server.store.EmbeddedStoreConfig;
import dev.lachesis.core.model.JvmThread;
import dev.lachesis.core.model.SpeState;
import dev.lachesis.core.model.ThreadRef;
import dev.lachesis.core.proc.ProcFs;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Benchmark, not a test (tag {@code benchmark}, excluded from the default build): the Flink driver's
 * share of one scheduling round for a job of 100 subtasks (source 10, two maps of 30, sink 30),
 * with threads unchanged: {@code refresh} (one {@code /jobs/overview} request, thread mapping of
 * 330 threads) and {@code fetch} of every provided metric, either from the embedded store (one
 * query over the series Flink's reporter writes) or from REST (one request per 3900 characters of
 * metric ids, served by a local server with Flink's answer shape). Measured in one run, as a
 * fraction of the default 1 s period. Run with {@code mvn -B -pl lachesis-drivers-flink -am verify
 * -Dlachesis.excludedGroups= -Dgroups=benchmark -Dtest=FlinkRoundBenchmark
 * -Dsurefire.failIfNoSpecifiedTests=false}.
 */
@Tag("benchmark")
class FlinkRoundBenchmark {
    private static final Logger LOG = LoggerFactory.getLogger(FlinkRoundBenchmark.class);
    private static final String JOB = "0123456789abcdef0123456789abcdef";
    private static final int PID = 4242;
    private static final List<FlinkVertex> VERTICES = List.of(
            new FlinkVertex("a0000000000000000000000000000000", "Source: events", 10, List.of("Source: events"), List.of()),
            new FlinkVertex("b0000000000000000000000000000000", "parse", 30, List.of("parse"),
                    List.of("a0000000000000000000000000000000")),
            new FlinkVertex("c0000000000000000000000000000000", "enrich", 30, List.of("enrich"),
                    List.of("b0000000000000000000000000000000")),
            new FlinkVertex("d0000000000000000000000000000000", "Sink: out", 30, List.of("Sink: out"),
                    List.of("c0000000000000000000000000000000")));
    private static final int WARM_UP = 20;
    private static final int ROUNDS = 100;

    @TempDir
    Path proc;

    @Test
    void oneDriverRoundFor100Subtasks() throws Exception {
        List<JvmThread> threads = threads();
        Files.createDirectories(proc.resolve(PID + "/task"));
        for (JvmThread t : threads) {
            Files.createDirectories(proc.resolve(PID + "/task/" + t.tid()));
        }
        try (FakeFlinkRest rest = new FakeFlinkRest();
             EmbeddedMetricSource store = EmbeddedMetricSource.start(EmbeddedStoreConfig.defaults().withPorts(0, 0),
                     Duration.ofSeconds(10), Clock.systemUTC())) {
            rest.answer("/jobs/overview", "{\"jobs\":[{\"jid\":\"" + JOB + "\",\"name\":\"bench\",\"state\":\"RUNNING\","
                    + "\"tasks\":{\"total\":100}}]}");
            rest.answer("/jobs/" + JOB, jobAnswer());
            for (FlinkVertex v : VERTICES) {
                rest.answer("/jobs/" + JOB + "/vertices/" + v.id() + "/metrics", metricsAnswer(v));
            }
            send(store.carbonPort(), carbonLines(10));
            // Like Flink's reporter, send every subtask's latest values each second while rounds run.
            ScheduledExecutorService reporter = Executors.newSingleThreadScheduledExecutor();
            reporter.scheduleAtFixedRate(() -> {
                try {
                    send(store.carbonPort(), carbonLines(0));
                } catch (IOException e) {
                    LOG.warn("Could not send to the embedded store: {}", e.getMessage());
                }
            }, 1, 1, TimeUnit.SECONDS);
            FlinkRestClient client = new FlinkRestClient(rest.url(), Duration.ofSeconds(2));
            TaskMetricReader graphite = new GraphiteTaskMetrics(store,
                    GraphiteScope.task(GraphiteScope.TASK_RECOMMENDED), GraphiteScope.operator(GraphiteScope.OPERATOR_RECOMMENDED),
                    Duration.ofSeconds(10));
            TaskMetricReader restMetrics = new RestTaskMetrics(client, Clock.systemUTC(), Duration.ofSeconds(10));
            for (TaskMetricReader reader : List.of(graphite, restMetrics)) {
                FlinkDriver driver = new FlinkDriver("bench", client, reader, pid -> threads, new ProcFs(proc),
                        () -> List.of(PID), Clock.systemUTC());
                await().atMost(Duration.ofSeconds(30)).until(() -> driver.fetch(driver.refresh(), FlinkMetricEstimator.PROVIDED)
                        .get(MetricNames.INPUT_QUEUE).size() == 100);
                double[] millis = new double[ROUNDS];
                for (int round = -WARM_UP; round < ROUNDS; round++) {
                    long start = System.nanoTime();
                    SpeState state = driver.refresh();
                    Map<String, MetricValues> metrics = driver.fetch(state, FlinkMetricEstimator.PROVIDED);
                    long elapsed = System.nanoTime() - start;
                    assertThat(state.threads()).hasSize(10 * 3 + 60 * 3 + 30 * 2);
                    assertThat(metrics.get(MetricNames.INPUT_QUEUE).size()).isEqualTo(100);
                    if (round >= 0) {
                        millis[round] = elapsed / 1e6;
                    }
                }
                Arrays.sort(millis);
                LOG.info(String.format(Locale.ROOT, "One Flink driver round for 100 subtasks with metrics from %s: "
                        + "median %.2f ms, p90 %.2f ms over %d rounds = %.2f%% (p90 %.2f%%) of a 1 s period",
                        reader.describe(), millis[ROUNDS / 2], millis[ROUNDS * 9 / 10], ROUNDS,
                        millis[ROUNDS / 2] / 10, millis[ROUNDS * 9 / 10] / 10));
            }
            reporter.shutdownNow();
        }
    }

    /** A main thread, a flusher (not for sinks) and a timer per subtask, plus 150 threads of no subtask. */
    private static List<JvmThread> threads() {
        List<JvmThread> threads = new ArrayList<>();
        int tid = 10_000;
        for (FlinkVertex v : VERTICES) {
            for (int i = 1; i <= v.parallelism(); i++) {
                String name = v.name() + " (" + i + "/" + v.parallelism() + ")#0";
                threads.add(new JvmThread(new ThreadRef(PID, tid++), name));
                threads.add(new JvmThread(new ThreadRef(PID, tid++), "System Time Trigger for " + name));
                if (!v.name().startsWith("Sink: ")) {
                    threads.add(new JvmThread(new ThreadRef(PID, tid++), "OutputFlusher for " + name));
                }
            }
        }
        for (int other = 0; other < 150; other++) {
            threads.add(new JvmThread(new ThreadRef(PID, tid++), "flink-pekko.actor.default-dispatcher-" + other));
        }
        return threads;
    }

    private static String jobAnswer() {
        StringBuilder vertices = new StringBuilder();
        StringBuilder nodes = new StringBuilder();
        for (FlinkVertex v : VERTICES) {
            vertices.append(vertices.length() == 0 ? "" : ",").append("{\"id\":\"").append(v.id()).append("\",\"name\":\"")
                    .append(v.name()).append("\",\"parallelism\":").append(v.parallelism()).append('}');
            nodes.append(nodes.length() == 0 ? "" : ",").append("{\"id\":\"").append(v.id()).append("\",\"inputs\":[");
            for (int i = 0; i < v.inputs().size(); i++) {
                nodes.append(i == 0 ? "" : ",").append("{\"id\":\"").append(v.inputs().get(i)).append("\"}");
            }
            nodes.append("]}");
        }
        return "{\"jid\":\"" + JOB + "\",\"name\":\"bench\",\"vertices\":[" + vertices + "],\"plan\":{\"nodes\":[" + nodes + "]}}";
    }

    /** Every subtask's task metrics, the shape of /jobs/<id>/vertices/<vid>/metrics?get=…. */
    private static String metricsAnswer(FlinkVertex v) {
        StringBuilder out = new StringBuilder("[");
        long seconds = System.currentTimeMillis() / 1000;
        for (int i = 0; i < v.parallelism(); i++) {
            for (FlinkTaskMetric m : FlinkTaskMetric.taskMetrics()) {
                out.append(out.length() == 1 ? "" : ",").append("{\"id\":\"").append(i).append('.').append(m.flinkName())
                        .append("\",\"value\":\"").append(value(m, i, seconds)).append("\"}");
            }
        }
        return out.append(']').toString();
    }

    /** The reporter's lines for the last {@code history} seconds, or for this second when 0. */
    private static List<String> carbonLines(int history) {
        List<String> lines = new ArrayList<>();
        long now = System.currentTimeMillis() / 1000;
        for (FlinkVertex v : VERTICES) {
            for (int i = 0; i < v.parallelism(); i++) {
                String prefix = "flink.taskmanager." + JOB + "." + v.id() + "." + i + ".bench."
                        + GraphiteScope.escape(v.name()) + ".";
                for (FlinkTaskMetric m : FlinkTaskMetric.taskMetrics()) {
                    for (int ago = history; ago >= (history == 0 ? 0 : 1); ago--) {
                        lines.add(prefix + m.graphiteSuffix() + " " + value(m, i, now - ago) + " " + (now - ago));
                    }
                }
            }
        }
        return lines;
    }

    /** Counters that grow by 1000 records (and 21 bytes each, 100 per buffer) a second; small gauges. */
    private static long value(FlinkTaskMetric m, int subtask, long epochSeconds) {
        long records = (epochSeconds % 100_000) * 1000;
        return switch (m) {
            case RECORDS_IN, RECORDS_OUT -> records;
            case BYTES_IN, BYTES_OUT -> records * 21;
            case BUFFERS_IN_LOCAL, BUFFERS_OUT -> records / 100;
            case INPUT_QUEUE_LENGTH, OUTPUT_QUEUE_LENGTH -> 1 + subtask % 5;
            case BUSY_MS_PER_SECOND -> 500;
            default -> 0;
        };
    }

    private static void send(int port, List<String> lines) throws IOException {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port);
             OutputStream out = socket.getOutputStream()) {
            out.write((String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
        }
    }
}
