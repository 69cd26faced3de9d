package dev.lachesis.experiments.storm.shapes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.lachesis.core.config.ConfigNode;
import dev.lachesis.core.metric.MetricNames;
import dev.lachesis.core.metric.MetricValues;
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
import dev.lachesis.experiments.launch.StormQuery;
import dev.lachesis.experiments.launch.StormQuerySpec;
import dev.lachesis.experiments.launch.WaitStrategy;
import dev.lachesis.experiments.measure.SinkReport;
import dev.lachesis.experiments.process.HostPort;
import dev.lachesis.experiments.shapes.Chain;
import dev.lachesis.server.store.EmbeddedMetricSource;
import dev.lachesis.testkit.ChildJvm;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The chain query on a real Storm 2.8 {@code LocalCluster} in a child JVM at a low rate, reporting to
 * Lachesis' embedded store: the records of the user-style spout reach the sink at the input rate
 * through the seven operators (expand makes three of each, the filter keeps one), and the Storm driver
 * maps the chain, reads every executor's input queue and finds no {@code source-queue-size} for the spout,
 * which publishes none. The child is killed in {@code finally}.
 */
class ChainQueryIT {
    private static final Logger LOG = LoggerFactory.getLogger(ChainQueryIT.class);
    private static final String TOPOLOGY = "lachesis-it-chain";
    private static final double RATE = 300;
    /** How long the topology may take to deliver its first record: a LocalCluster took 50 s on the loaded test machine. */
    private static final Duration START_TIMEOUT = Duration.ofSeconds(90);
    /** Sink reports (seconds) the throughput is measured over, once the driver has seen the query. */
    private static final int REPORTS = 5;

    @Test
    void recordsReachTheSinkAtTheInputRateAndTheDriverMapsTheChainWithNoBacklogForItsSource() throws Exception {
        MetricSource embedded = Plugins.load(MetricSourceFactory.class, "metric source").get("embedded", "metrics.source")
                .create(ConfigNode.ofYaml("metrics", "source: embedded\nsettings: {carbon-port: 0, http-port: 0}\n"));
        try (embedded) {
            HostPort carbon = new HostPort("127.0.0.1", ((EmbeddedMetricSource) embedded).carbonPort());
            SpeDriver driver = Plugins.load(SpeDriverFactory.class, "driver").get("storm", "spes[0].driver")
                    .create(new DriverContext("storm", ConfigNode.ofYaml("spes[0]", "discovery: {topology: " + TOPOLOGY
                            + "}\nsettings: {wait-strategy: park}\n"), List.of(), embedded, new JvmThreadDiscovery(),
                            Clock.systemUTC()));
            StormQuerySpec spec = new StormQuerySpec(StormQuery.CHAIN, TOPOLOGY, RATE, carbon, WaitStrategy.PARK, 0, 1,
                    "512m", START_TIMEOUT.toSeconds(), 1.0);
            List<SinkReport> sinks = new CopyOnWriteArrayList<>();
            try (ChildJvm storm = spec.start(List.of(), List.of("--sink-reports"), line -> {
                if (line.startsWith(SinkReport.PREFIX + " ")) {
                    sinks.add(SinkReport.parse(line));
                } else {
                    LOG.debug("storm: {}", line);
                }
            })) {
                assertThat(storm.awaitLine(START_TIMEOUT.plusSeconds(30))).startsWith(StormQuerySpec.READY);

                AtomicReference<SpeState> seen = new AtomicReference<>();
                AtomicReference<Map<String, MetricValues>> queues = new AtomicReference<>();
                await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofSeconds(1)).ignoreExceptions()
                        .untilAsserted(() -> {
                            SpeState state = driver.refresh();
                            seen.set(state);
                            assertThat(state.queries()).singleElement().satisfies(query ->
                                    assertThat(query.downstream()).isEqualTo(dataFlow()));
                            queues.set(driver.fetch(state, Set.of(MetricNames.INPUT_QUEUE, MetricNames.SOURCE_QUEUE)));
                            assertThat(queues.get().get(MetricNames.INPUT_QUEUE).asMap().keySet())
                                    .as("every executor, the spout's too, reports its input queue")
                                    .hasSize(Chain.OPERATORS.size());
                        });
                LOG.info("input-queue-size of the executors: {}", queues.get().get(MetricNames.INPUT_QUEUE));
                MetricValues sourceQueue = queues.get().get(MetricNames.SOURCE_QUEUE);
                assertThat(sourceQueue == null ? Map.of() : sourceQueue.asMap()).as("the spout publishes no backlog").isEmpty();
                assertThat(seen.get().threads()).filteredOn(t -> t.kind() == ThreadKind.MAIN)
                        .extracting(OperatorThread::thread)
                        .extracting(t -> t.name().replaceAll("^Thread-\\d+-|-executor.*$", ""))
                        .containsExactlyInAnyOrderElementsOf(Chain.OPERATORS);

                int first = Math.max(1, sinks.size());
                await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(500))
                        .until(() -> sinks.size() >= first + REPORTS);
                List<SinkReport> window = List.copyOf(sinks).subList(first, first + REPORTS);
                double seconds = (window.get(REPORTS - 1).endEpochMillis() - sinks.get(first - 1).endEpochMillis()) / 1000.0;
                double throughput = window.stream().mapToLong(SinkReport::tuples).sum() / seconds;
                LOG.info("{} records/s at the sink over {} s at {} records/s", throughput, seconds, RATE);
                // As wide as SweepIT's: a pause of the loaded machine, caught up after, moves a 5-s window by a tenth.
                assertThat(throughput).isBetween(0.8 * RATE, 1.3 * RATE);
                assertThat(window).allSatisfy(r -> assertThat(r.latency().meanMicros())
                        .isLessThanOrEqualTo(r.endToEnd().meanMicros()));
            }
        }
    }

    private static Map<String, Set<String>> dataFlow() {
        Map<String, Set<String>> flow = new HashMap<>();
        for (int i = 0; i < Chain.OPERATORS.size(); i++) {
            flow.put(Chain.OPERATORS.get(i), i + 1 < Chain.OPERATORS.size() ? Set.of(Chain.OPERATORS.get(i + 1)) : Set.of());
        }
        return flow;
    }
}
