package dev.lachesis.experiments.storm;

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
import dev.lachesis.server.store.EmbeddedMetricSource;
import dev.lachesis.testkit.ChildJvm;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs an example query (ETL, STATS, Linear Road) on a real Storm 2.8 {@code LocalCluster} in a
 * child JVM at a low rate, reporting to Lachesis' embedded store, and checks what a user checks:
 * tuples reach the sink, the spout counts what it emits, and the Storm driver maps every operator's
 * executor and the query's data flow and reads the spout's {@code source-queue-size}; the reporter
 * leaves out the worker's thread-state gauges. The child is killed when the check ends.
 */
public final class StormQueryCheck {
    private static final Logger LOG = LoggerFactory.getLogger(StormQueryCheck.class);
    private static final double RATE = 200;
    /** How long the topology may take to deliver its first record: a LocalCluster took 50 s on the loaded test machine. */
    private static final Duration START_TIMEOUT = Duration.ofSeconds(90);

    private StormQueryCheck() {
    }

    /** What the sink reports of a run must show; throws an assertion error until they do. */
    @FunctionalInterface
    public interface SinkCheck {
        /** Asserts on the reports so far. */
        void check(List<SinkReport> reports);
    }

    /**
     * Runs a query that replays a file (ETL, STATS) as {@code topology} and checks it: more than
     * {@code minSinkTuples} reach the sink, and the spout counts what it emits.
     *
     * @param dataFlow every operator's downstream operators, as the driver must map them
     * @param components the operators whose executors the driver must find
     * @param minSinkTuples more than this many tuples must reach the sink
     */
    public static void runAndCheck(StormQuery query, String topology, Map<String, Set<String>> dataFlow,
                                   List<String> components, long minSinkTuples) throws Exception {
        runAndCheck(query, topology, List.of(), dataFlow, components, reports -> {
            assertThat(reports.stream().mapToLong(SinkReport::tuples).sum()).isGreaterThan(minSinkTuples);
            // The spout counts what it emits: every report carries the count.
            assertThat(reports.stream().mapToLong(r -> r.sourceTuples().orElseThrow()).sum()).isGreaterThan(100);
        });
    }

    /**
     * Runs {@code query} as {@code topology}, its child given {@code childArgs} too, and checks it.
     *
     * @param dataFlow every operator's downstream operators, as the driver must map them
     * @param components the operators whose executors the driver must find
     * @param sinkCheck what the sink reports must come to show
     */
    public static void runAndCheck(StormQuery query, String topology, List<String> childArgs,
                                   Map<String, Set<String>> dataFlow, List<String> components,
                                   SinkCheck sinkCheck) throws Exception {
        MetricSource embedded = Plugins.load(MetricSourceFactory.class, "metric source").get("embedded", "metrics.source")
                .create(ConfigNode.ofYaml("metrics", "source: embedded\nsettings: {carbon-port: 0, http-port: 0}\n"));
        try (embedded) {
            HostPort carbon = new HostPort("127.0.0.1", ((EmbeddedMetricSource) embedded).carbonPort());
            SpeDriver driver = Plugins.load(SpeDriverFactory.class, "driver").get("storm", "spes[0].driver")
                    .create(new DriverContext("storm", ConfigNode.ofYaml("spes[0]", "discovery: {topology: " + topology
                            + "}\nsettings: {wait-strategy: park}\n"), List.of(), embedded, new JvmThreadDiscovery(),
                            Clock.systemUTC()));
            StormQuerySpec spec = new StormQuerySpec(query, topology, RATE, carbon, WaitStrategy.PARK, 0, 1,
                    "512m", START_TIMEOUT.toSeconds(), 1.0);
            List<SinkReport> reports = new CopyOnWriteArrayList<>();
            List<String> args = new ArrayList<>(childArgs);
            args.add("--sink-reports");
            try (ChildJvm storm = spec.start(List.of(), args, line -> {
                if (line.startsWith(SinkReport.PREFIX + " ")) {
                    reports.add(SinkReport.parse(line));
                } else {
                    LOG.debug("storm: {}", line);
                }
            })) {
                assertThat(storm.awaitLine(START_TIMEOUT.plusSeconds(30))).startsWith(StormQuerySpec.READY);

                AtomicReference<SpeState> seen = new AtomicReference<>();
                AtomicReference<MetricValues> sourceQueue = new AtomicReference<>();
                await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofSeconds(1)).ignoreExceptions()
                        .untilAsserted(() -> {
                            SpeState state = driver.refresh();
                            seen.set(state);
                            assertThat(state.queries()).singleElement().satisfies(q ->
                                    assertThat(q.downstream()).isEqualTo(dataFlow));
                            sinkCheck.check(reports);
                            sourceQueue.set(driver.fetch(state, Set.of(MetricNames.SOURCE_QUEUE)).get(MetricNames.SOURCE_QUEUE));
                            assertThat(sourceQueue.get().asMap().keySet()).singleElement()
                                    .satisfies(id -> assertThat(id).contains("/source/"));
                        });
                LOG.info("source-queue-size of the file spout: {}", sourceQueue.get());
                assertThat(embedded.query(List.of("storm.topology.*.*.__system.*.*-memory.heap.used"),
                        embedded.defaultWindow())).as("the worker's memory gauges, beside the thread-state ones").isNotEmpty();
                assertThat(embedded.query(List.of("storm.topology.*.*.__system.*.*-threads.*",
                        "storm.topology.*.*.__system.*.*-threads.*.*"), embedded.defaultWindow()))
                        .as("the worker's thread-state gauges, filtered out by ReporterSettings").isEmpty();
                assertThat(seen.get().threads()).filteredOn(t -> t.kind() == ThreadKind.MAIN)
                        .extracting(OperatorThread::thread)
                        .extracting(t -> t.name().replaceAll("^Thread-\\d+-|-executor.*$", ""))
                        .containsExactlyInAnyOrderElementsOf(components);
            }
        }
    }
}
