package dev.lachesis.it.storm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.lachesis.core.config.ConfigNode;
import dev.lachesis.core.discovery.JvmThreadDiscovery;
import dev.lachesis.core.metric.MetricNames;
import dev.lachesis.core.metric.MetricValues;
import dev.lachesis.core.metricsource.embedded.EmbeddedMetricSource;
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
import dev.lachesis.experiments.launch.SpeBuild;
import dev.lachesis.experiments.launch.Storm1Query;
import dev.lachesis.experiments.process.ChildJvm;
import dev.lachesis.experiments.process.LachesisHome;
import java.time.Clock;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
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
        try (embedded; ChildJvm storm = ChildJvm.startWithOwnTmpdir(List.of(),
                SpeBuild.storm1(LachesisHome.root()).classPath(), Storm1Query.JVM_OPTIONS, Storm1Query.MAIN,
                List.of(TOPOLOGY, "800", "127.0.0.1:" + ((EmbeddedMetricSource) embedded).carbonPort(), "4000"),
                Storm1Query.READY, line -> LOG.debug("storm1: {}", line))) {
            storm.awaitLine(Duration.ofSeconds(180));
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
                        assertThat(q.asMap().entrySet()).filteredOn(e -> e.getKey().contains("/heavy/"))
                                .allSatisfy(e -> assertThat(e.getValue()).isGreaterThan(100.0));
                        assertThreadsOf(state, THREADS.threads((int) storm.pid()));
                    });
            LOG.info("{}: input queues {}", TOPOLOGY, queues.get());
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

    private static MetricSource metrics() throws Exception {
        ConfigNode node = ConfigNode.ofYaml("metrics", "source: embedded\nsettings: {carbon-port: 0, http-port: 0}\n");
        return Plugins.load(MetricSourceFactory.class, "metric source").get("embedded", "metrics.source").create(node);
    }

    private static SpeDriver driver(MetricSource metrics) throws Exception {
        return Plugins.load(SpeDriverFactory.class, "driver").get("storm", "spes[0].driver")
                .create(new DriverContext("storm", ConfigNode.ofYaml("spes[0]", "discovery: {topology: " + TOPOLOGY
                        + "}\nsettings: {version: 1}\n"), List.of(), metrics, THREADS, Clock.systemUTC()));
    }

    private static String largest(MetricValues values) {
        return values.asMap().entrySet().stream().max(Comparator.comparingDouble(Map.Entry::getValue))
                .map(Map.Entry::getKey).orElse("");
    }
}
