package dev.lachesis.it.storm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lachesis.core.config.ConfigNode;
import dev.lachesis.core.metric.MetricNames;
import dev.lachesis.core.metric.MetricValues;
import dev.lachesis.core.model.JvmThread;
import dev.lachesis.core.model.OperatorThread;
import dev.lachesis.core.model.SpeState;
import dev.lachesis.core.model.ThreadKind;
import dev.lachesis.core.spi.DriverContext;
import dev.lachesis.core.spi.MetricSource;
import dev.lachesis.core.spi.MetricSourceFactory;
import dev.lachesis.core.spi.Plugins;
import dev.lachesis.core.spi.SpeDriver;
import dev.lachesis.core.spi.SpeDriverFactory;
import dev.lachesis.discovery.JvmThreadDiscovery;
import dev.lachesis.experiments.launch.Storm1Query;
import dev.lachesis.experiments.measure.SinkReport;
import dev.lachesis.experiments.process.HostPort;
import dev.lachesis.it.OnceCommand;
import dev.lachesis.server.store.EmbeddedMetricSource;
import dev.lachesis.testkit.ChildJvm;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Storm driver ({@code version: 1}) against a live Storm 1.2.3 topology, the 2023 paper's
 * Storm, in a {@code LocalCluster} child JVM on Java 17 (experiments/storm1), reporting Storm's
 * built-in metrics every second through lachesis-storm1-metrics' consumer to Lachesis' embedded
 * store. The heavy bolt is overloaded on purpose: 800 tuples/s against two executors that each
 * manage 250. The child is killed when the test ends.
 */
class Storm1DriverIT {
    private static final Logger LOG = LoggerFactory.getLogger(Storm1DriverIT.class);
    private static final String TOPOLOGY = "lachesis-it-storm1";
    private static final JvmThreadDiscovery THREADS = new JvmThreadDiscovery();

    @Test
    void mapsEveryExecutorAndItsSendThreadAndSeesTheOverloadedBoltsQueue() throws Exception {
        MetricSource embedded = metrics();
        try (embedded; ChildJvm storm = startStorm((EmbeddedMetricSource) embedded)) {
            SpeDriver driver = driver(embedded);

            AtomicReference<MetricValues> queues = new AtomicReference<>();
            // Each executor reports on its own tick: an executor whose first metrics are not in yet
            // is left out of that round, so the whole picture is awaited, not the first round.
            await().atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofSeconds(1)).ignoreExceptions()
                    .untilAsserted(() -> {
                        SpeState state = driver.refresh();
                        MetricValues q = driver.fetch(state, Set.of(MetricNames.INPUT_QUEUE))
                                .get(MetricNames.INPUT_QUEUE);
                        queues.set(q);
                        assertThat(state.pids()).containsExactly((int) storm.pid());
                        assertThat(state.queries()).singleElement()
                                .satisfies(query -> assertThat(query.downstream()).isEqualTo(Map.of(
                                        "source", Set.of("light"), "light", Set.of("heavy"), "heavy", Set.of("sink"),
                                        "sink", Set.of())));
                        assertThat(q.size()).isEqualTo(5);
                        assertThat(largest(q)).contains("/heavy/");
                        // More than the receive ring has slots (1024): tuples are counted, not the
                        // batches a slot holds, and so are those overflowed before the ring.
                        assertThat(q.asMap().entrySet()).filteredOn(e -> e.getKey().contains("/heavy/"))
                                .allSatisfy(e -> assertThat(e.getValue()).isGreaterThan(1024.0));
                        assertThreadsOf(state, THREADS.threads((int) storm.pid()));
                    });
            LOG.info("{}: input queues {}", TOPOLOGY, queues.get());
        }
    }

    /**
     * RIoTBench's STATS on Storm 1.2.3 ({@code --query stats}, as the sweep's {@code --spe storm1}
     * runs it): records replayed by the spout become charts at the sink through all ten operators, the
     * driver maps the three statistics branches joining at the accumulator, and the spout publishes
     * its backlog as {@code source-queue-size}.
     */
    @Test
    void statsRunsItsTenOperatorsAndItsSourcePublishesItsBacklog() throws Exception {
        MetricSource embedded = metrics();
        List<SinkReport> reports = new CopyOnWriteArrayList<>();
        String topology = TOPOLOGY + "-stats";
        try (embedded; ChildJvm storm = new Storm1Query("stats", topology, 500,
                new HostPort("127.0.0.1", ((EmbeddedMetricSource) embedded).carbonPort()), 0, "512m")
                .start(List.of(), List.of("--sink-reports"), line -> {
                    if (line.startsWith(SinkReport.PREFIX + " ")) {
                        reports.add(SinkReport.parse(line));
                    }
                })) {
            storm.awaitLine(Duration.ofSeconds(180));
            SpeDriver driver = driver(embedded, topology);
            await().atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofSeconds(1)).ignoreExceptions()
                    .untilAsserted(() -> {
                        SpeState state = driver.refresh();
                        assertThat(state.queries()).singleElement().satisfies(query -> assertThat(query.downstream())
                                .isEqualTo(Map.of("source", Set.of("parse"),
                                        "parse", Set.of("average", "kalman-filter", "distinct-count"),
                                        "average", Set.of("accumulate"), "kalman-filter", Set.of("regression"),
                                        "regression", Set.of("accumulate"), "distinct-count", Set.of("accumulate"),
                                        "accumulate", Set.of("plot"), "plot", Set.of("publish", "sink"),
                                        "publish", Set.of(), "sink", Set.of())));
                        assertThat(driver.fetch(state, Set.of(MetricNames.SOURCE_QUEUE)).get(MetricNames.SOURCE_QUEUE)
                                .asMap().keySet()).singleElement().satisfies(id -> assertThat(id).contains("/source/"));
                        assertThat(reports.stream().mapToLong(SinkReport::tuples).sum()).as("charts at the sink")
                                .isGreaterThan(30);
                        assertThat(reports.stream().mapToLong(r -> r.sourceTuples().orElseThrow()).sum())
                                .as("records the spout emitted").isGreaterThan(100);
                    });
        }
    }

    /**
     * Every executor is the query's operator or Storm's system executor, each executor's send thread
     * a sender (Storm's system executors' a system thread), the metrics consumer's executor the
     * reporter, and the flush timer a timer.
     */
    private static void assertThreadsOf(SpeState state, List<JvmThread> jvm) {
        List<JvmThread> executors = jvm.stream()
                .filter(t -> t.name().matches("Thread-\\d+-(source|light|heavy|sink|__system)-executor\\[[-\\d ]+\\]"))
                .toList();
        assertThat(state.threads()).filteredOn(t -> t.kind() == ThreadKind.MAIN || t.kind() == ThreadKind.SYSTEM)
                .extracting(OperatorThread::thread).filteredOn(t -> !t.name().endsWith("-send-queue"))
                .containsExactlyInAnyOrderElementsOf(executors);
        assertThat(state.threads()).filteredOn(t -> t.kind() == ThreadKind.MAIN)
                .extracting(t -> t.thread().name().replaceAll("^Thread-\\d+-|-executor.*$", ""))
                .containsExactlyInAnyOrder("source", "light", "heavy", "heavy", "sink");
        assertThat(state.threads()).filteredOn(t -> t.kind() == ThreadKind.SENDER && t.operatorId() != null)
                .as("each query executor's send thread, ranked by its output queue")
                .hasSize(5).allSatisfy(t -> assertThat(t.thread().name()).endsWith("-send-queue"));
        assertThat(state.threads()).filteredOn(t -> t.kind() == ThreadKind.REPORTER)
                .extracting(t -> t.thread().name()).singleElement().asString()
                .contains("__metricsdev.lachesis.storm1.metrics.CarbonMetricsConsumer-executor");
        assertThat(state.threads()).filteredOn(t -> t.kind() == ThreadKind.TIMER)
                .extracting(t -> t.thread().name()).contains("disruptor-flush-trigger");
    }

    /**
     * {@code lachesis once} with QS-IO and real-time priorities, as a user would try the 2023 paper's
     * LACHESIS-MOD-RT on Storm 1.2.3: the overloaded bolt's executors rank first, each send thread
     * that feeds one consumer stays at or below that consumer (a 1.x publisher spins on a full
     * queue, and above its consumer it stops the query), every timer of the worker at or below every
     * executor, the disruptor flush pool left out of real time (it spins on whichever ring it
     * flushes into), and the metrics consumer's executor, which publishes what the daemon reads, at
     * the query's highest priority.
     */
    @Test
    void onceWithQsIoAndRealTimeRanksTheOverloadedBoltFirstAndNoPublisherAboveItsConsumer(@TempDir Path dir)
            throws Exception {
        EmbeddedMetricSource embedded = (EmbeddedMetricSource) metrics();
        try (embedded; ChildJvm storm = startStorm(embedded)) {
            Path config = Files.writeString(dir.resolve("storm1.yaml"), """
                    spes:
                      - name: storm
                        driver: storm
                        pids: [%d]
                        discovery: {topology: %s}
                        settings: {version: 1}
                    metrics:
                      source: graphite
                      url: http://127.0.0.1:%d
                    policies:
                      - name: storm1-mod-rt
                        policy: qs-io
                        period: 1s
                        spes: [storm]
                        translator: rt
                    journal: %s
                    logging:
                      level: warn
                    """.formatted(storm.pid(), TOPOLOGY, embedded.httpPort(), dir.resolve("journal.json")));
            AtomicReference<JsonNode> last = new AtomicReference<>();
            await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofSeconds(2)).until(() -> {
                JsonNode rows = OnceCommand.rows(config);
                last.set(rows);
                return rows != null && mains(rows).size() == 5 && heavyFirst(rows);
            });
            JsonNode rows = last.get();
            LOG.info("lachesis once: {}", rows);
            Map<String, Integer> mainValue = new HashMap<>();
            mains(rows).forEach(r -> mainValue.put(component(r), r.path("value").asInt()));
            int lowestMain = Collections.min(mainValue.values());
            int highest = 0;
            for (JsonNode row : rows) {
                highest = Math.max(highest, row.path("value").asInt());
            }
            for (JsonNode row : rows) {
                String kind = row.path("kind").asText();
                int value = row.path("value").asInt();
                if (kind.equals("sender") && component(row).equals("source")) {
                    assertThat(value).as("source's sender vs light, its sole consumer").isLessThanOrEqualTo(
                            mainValue.get("light"));
                } else if (kind.equals("sender") && component(row).equals("heavy")) {
                    assertThat(value).as("a heavy executor's sender vs sink, its sole consumer")
                            .isLessThanOrEqualTo(mainValue.get("sink"));
                } else if (kind.equals("timer")) {
                    assertThat(value).as(row.path("thread").asText()).isLessThanOrEqualTo(lowestMain);
                } else if (kind.equals("reporter")) {
                    assertThat(value).as(row.path("thread").asText()).isEqualTo(highest);
                }
            }
            assertThat(rows).filteredOn(r -> r.path("kind").asText().equals("timer"))
                    .extracting(r -> r.path("thread").asText()).contains("disruptor-flush-trigger");
            assertThat(rows).extracting(r -> r.path("thread").asText()).doesNotContain("disruptor-flush-task-pool");
            assertThat(rows).filteredOn(r -> r.path("kind").asText().equals("reporter")).isNotEmpty();
        }
    }

    private static ChildJvm startStorm(EmbeddedMetricSource embedded) throws Exception {
        ChildJvm storm = new Storm1Query("pipeline", TOPOLOGY, 800, new HostPort("127.0.0.1", embedded.carbonPort()),
                4000, "512m").start(List.of(), List.of(), line -> LOG.debug("storm1: {}", line));
        try {
            storm.awaitLine(Duration.ofSeconds(180));
            return storm;
        } catch (Exception e) {
            storm.close();
            throw e;
        }
    }

    private static List<JsonNode> mains(JsonNode rows) {
        List<JsonNode> mains = new ArrayList<>();
        rows.forEach(r -> {
            if (r.path("kind").asText().equals("main")) {
                mains.add(r);
            }
        });
        return mains;
    }

    /** The component of a row's operator ({@code <topology>/<component>/<tasks>}), or "" for none. */
    private static String component(JsonNode row) {
        String[] parts = row.path("operator").asText().split("/");
        return parts.length == 3 ? parts[1] : "";
    }

    /** Whether both heavy executors have a higher RT priority than every other main thread. */
    private static boolean heavyFirst(JsonNode rows) {
        int heavyLowest = Integer.MAX_VALUE;
        int othersHighest = Integer.MIN_VALUE;
        for (JsonNode main : mains(rows)) {
            int value = main.path("value").asInt();
            if (component(main).equals("heavy")) {
                heavyLowest = Math.min(heavyLowest, value);
            } else {
                othersHighest = Math.max(othersHighest, value);
            }
        }
        return heavyLowest > othersHighest;
    }

    private static MetricSource metrics() throws Exception {
        ConfigNode node = ConfigNode.ofYaml("metrics", "source: embedded\nsettings: {carbon-port: 0, http-port: 0}\n");
        return Plugins.load(MetricSourceFactory.class, "metric source").get("embedded", "metrics.source").create(node);
    }

    private static SpeDriver driver(MetricSource metrics) throws Exception {
        return driver(metrics, TOPOLOGY);
    }

    private static SpeDriver driver(MetricSource metrics, String topology) throws Exception {
        return Plugins.load(SpeDriverFactory.class, "driver").get("storm", "spes[0].driver")
                .create(new DriverContext("storm", ConfigNode.ofYaml("spes[0]", "discovery: {topology: " + topology
                        + "}\nsettings: {version: 1}\n"), List.of(), metrics, THREADS, Clock.systemUTC()));
    }

    private static String largest(MetricValues values) {
        return values.asMap().entrySet().stream().max(Comparator.comparingDouble(Map.Entry::getValue))
                .map(Map.Entry::getKey).orElse("");
    }
}
