package dev.lachesis.it.storm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.lachesis.core.config.ConfigNode;
import dev.lachesis.core.metric.MetricNames;
import dev.lachesis.core.metric.MetricValues;
import dev.lachesis.core.metricsource.RealGraphite;
import dev.lachesis.core.model.JvmThread;
import dev.lachesis.core.model.OperatorThread;
import dev.lachesis.core.model.SpeState;
import dev.lachesis.core.model.ThreadKind;
import dev.lachesis.core.spi.DriverContext;
import dev.lachesis.core.spi.DriverException;
import dev.lachesis.core.spi.MetricSource;
import dev.lachesis.core.spi.MetricSourceFactory;
import dev.lachesis.core.spi.Plugins;
import dev.lachesis.core.spi.SpeDriver;
import dev.lachesis.core.spi.SpeDriverFactory;
import dev.lachesis.discovery.JvmThreadDiscovery;
import dev.lachesis.experiments.launch.StormQuery;
import dev.lachesis.experiments.launch.StormQuerySpec;
import dev.lachesis.experiments.launch.WaitStrategy;
import dev.lachesis.experiments.process.HostPort;
import dev.lachesis.server.store.EmbeddedMetricSource;
import dev.lachesis.testkit.ChildJvm;
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
 * The Storm driver against a real Storm 2.8 topology in a {@code LocalCluster} child JVM, reporting
 * through Storm's own Graphite reporter to the real Graphite ({@code deploy/graphite/graphite.sh
 * start}) and, in a second case, to Lachesis' embedded store. The heavy bolt is overloaded on
 * purpose: 800 tuples/s against two executors that each manage 250. One Storm cluster at a time;
 * the child is killed in {@code finally}.
 */
class StormDriverIT {
    private static final Logger LOG = LoggerFactory.getLogger(StormDriverIT.class);
    private static final double RATE = 800;
    private static final long HEAVY_COST_MICROS = 4_000;
    private static final Set<String> QUERY_COMPONENTS = Set.of("source", "light", "heavy", "sink");

    @Test
    void mapsEveryExecutorAndSeesTheOverloadedBoltsQueueThroughGraphite() throws Exception {
        RealGraphite.requireOrSkip();
        MetricSource graphite = source("source: graphite\nurl: " + RealGraphite.URL + "\n");
        try (graphite) {
            runAgainst(driver(graphite, "lachesis-it-graphite"), new HostPort("127.0.0.1", RealGraphite.CARBON_PORT),
                    "lachesis-it-graphite");
        }
    }

    /** Also restarts the topology under the same driver, as a user redeploying it would. */
    @Test
    void mapsEveryExecutorAndSeesTheOverloadedBoltsQueueThroughTheEmbeddedStoreAcrossARestart() throws Exception {
        MetricSource embedded = source("source: embedded\nsettings: {carbon-port: 0, http-port: 0}\n");
        try (embedded) {
            HostPort carbon = new HostPort("127.0.0.1", ((EmbeddedMetricSource) embedded).carbonPort());
            SpeDriver driver = driver(embedded, "lachesis-it-embedded");
            SpeState first = runAgainst(driver, carbon, "lachesis-it-embedded");

            assertThatThrownBy(driver::refresh).isInstanceOf(DriverException.class)
                    .hasMessageContaining("no Storm worker or local-mode JVM is running");
            SpeState second = runAgainst(driver, carbon, "lachesis-it-embedded");

            assertThat(second.pids()).doesNotContainAnyElementsOf(first.pids());
            assertThat(second.queries().get(0).id()).isNotEqualTo(first.queries().get(0).id());
        }
    }

    private static MetricSource source(String yaml) throws Exception {
        ConfigNode node = ConfigNode.ofYaml("metrics", yaml);
        String name = node.json().path("source").asText();
        return Plugins.load(MetricSourceFactory.class, "metric source").get(name, "metrics.source").create(node);
    }

    private static final JvmThreadDiscovery THREADS = new JvmThreadDiscovery();

    private static SpeDriver driver(MetricSource metrics, String topology) throws Exception {
        return Plugins.load(SpeDriverFactory.class, "driver").get("storm", "spes[0].driver")
                .create(new DriverContext("storm", ConfigNode.ofYaml("spes[0]", "discovery: {topology: " + topology
                        + "}\nsettings: {wait-strategy: park}\n"), List.of(), metrics, THREADS, Clock.systemUTC()));
    }

    /** Runs the topology until the driver sees it overloaded, checks the mapping, stops it. */
    private static SpeState runAgainst(SpeDriver driver, HostPort carbon, String topology) throws Exception {
        StormQuerySpec spec = new StormQuerySpec(StormQuery.PIPELINE, topology, RATE, carbon, WaitStrategy.PARK,
                HEAVY_COST_MICROS, 1, "512m", 120, 1.0);
        try (ChildJvm storm = spec.start(line -> LOG.debug("storm: {}", line))) {
            storm.awaitLine(Duration.ofSeconds(180));

            AtomicReference<SpeState> seen = new AtomicReference<>();
            AtomicReference<MetricValues> queues = new AtomicReference<>();
            await().atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofSeconds(1)).ignoreExceptions()
                    .untilAsserted(() -> {
                        SpeState state = driver.refresh();
                        MetricValues q = driver.fetch(state, Set.of(MetricNames.INPUT_QUEUE)).get(MetricNames.INPUT_QUEUE);
                        seen.set(state);
                        assertThat(state.pids()).containsExactly((int) storm.pid());
                        queues.set(q);
                        assertThat(state.queries()).singleElement()
                                .satisfies(query -> assertThat(query.downstream()).isEqualTo(Map.of(
                                        "source", Set.of("light"), "light", Set.of("heavy"), "heavy", Set.of("sink"),
                                        "sink", Set.of())));
                        assertThat(q.size()).isEqualTo(5);
                        assertThat(largest(q)).contains("/heavy/");
                        assertThat(q.asMap().entrySet()).filteredOn(e -> e.getKey().contains("/heavy/"))
                                .allSatisfy(e -> assertThat(e.getValue()).isGreaterThan(100.0));
                    });
            SpeState state = seen.get();
            LOG.info("{}: input queues {}", topology, queues.get());

            List<JvmThread> executors = THREADS.threads((int) storm.pid()).stream()
                    .filter(t -> t.name().contains("-executor[")).toList();
            assertThat(state.threads()).filteredOn(t -> t.kind() == ThreadKind.MAIN || t.kind() == ThreadKind.SYSTEM)
                    .extracting(OperatorThread::thread).containsExactlyInAnyOrderElementsOf(executors);
            assertThat(state.threads()).filteredOn(t -> t.kind() == ThreadKind.MAIN)
                    .extracting(t -> t.thread().name().replaceAll("^Thread-\\d+-|-executor.*$", ""))
                    .containsExactlyInAnyOrder("source", "light", "heavy", "heavy", "sink")
                    .allMatch(QUERY_COMPONENTS::contains);
            assertThat(state.threads()).filteredOn(t -> t.thread().name().contains("__"))
                    .allSatisfy(t -> assertThat(t.kind()).isEqualTo(ThreadKind.SYSTEM));
            assertThat(state.threads()).filteredOn(t -> t.kind() == ThreadKind.TIMER).extracting(t -> t.thread().name())
                    .contains("flush-tuple-timer", "backpressure-check-timer");
            return state;
        }
    }

    private static String largest(MetricValues values) {
        return values.asMap().entrySet().stream().max(Comparator.comparingDouble(Map.Entry::getValue))
                .map(Map.Entry::getKey).orElse("");
    }
}
