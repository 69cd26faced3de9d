package dev.lachesis.experiments.flink.shapes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.lachesis.server.store.EmbeddedMetricSource;
import dev.lachesis.server.store.EmbeddedStoreConfig;
import dev.lachesis.core.model.SpeState;
import dev.lachesis.core.model.ThreadKind;
import dev.lachesis.core.spi.DriverException;
import dev.lachesis.core.spi.MetricSource;
import dev.lachesis.core.spi.SpeDriver;
import dev.lachesis.experiments.flink.FlinkClusterProcess;
import dev.lachesis.experiments.flink.GraphiteFlinkDriver;
import dev.lachesis.experiments.measure.SinkReport;
import dev.lachesis.experiments.shapes.Syn;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Five SYN queries with blocking operators as five jobs of one Flink 1.20 MiniCluster in a child
 * JVM, started as {@code bin/lachesis-bench query --spe flink --query syn --queries 5 --blocking}
 * starts them, reporting to Lachesis' embedded store: records flow from every source to the sinks,
 * and the Flink driver tells the five queries apart, each with its own five task threads named as
 * {@link Syn} draws them. The child is stopped when the test ends.
 */
class FlinkSynIT {
    private static final Logger LOG = LoggerFactory.getLogger(FlinkSynIT.class);
    private static final int QUERIES = 5;
    private static final double RATE = 500;

    @Test
    void theDriverSeesEveryQueryAsAJobWithItsOwnFiveTaskThreads() throws Exception {
        try (MetricSource metrics = EmbeddedMetricSource.start(EmbeddedStoreConfig.defaults().withPorts(0, 0),
                Duration.ofSeconds(10), Clock.systemUTC())) {
            String carbon = "127.0.0.1:" + ((EmbeddedMetricSource) metrics).carbonPort();
            List<SinkReport> reports = new CopyOnWriteArrayList<>();
            List<String> args = List.of("--query", "syn", "--queries", Integer.toString(QUERIES), "--blocking",
                    "--rest-port", "0", "--rate", Double.toString(RATE), "--graphite", carbon,
                    "--sink-reports");
            try (FlinkClusterProcess flink = FlinkClusterProcess.start(768, args,
                    GraphiteFlinkDriver.sinkReportsTo(reports, LOG), Duration.ofMinutes(2));
                 SpeDriver driver = GraphiteFlinkDriver.create(flink.restPort(), metrics)) {
                AtomicReference<SpeState> seen = new AtomicReference<>();
                await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofSeconds(1))
                        .ignoreException(DriverException.class).until(() -> {
                            seen.set(driver.refresh());
                            return seen.get().queries().size() == QUERIES
                                    && seen.get().threads().stream().filter(t -> t.kind() == ThreadKind.MAIN).count()
                                    == QUERIES * (Syn.OPERATORS + 2L);
                        });

                assertThat(seen.get().threads()).filteredOn(t -> t.kind() == ThreadKind.MAIN)
                        .extracting(t -> t.thread().name().replaceAll(" \\(1/1\\)#\\d+$", "").replace("Source: ", ""))
                        .containsExactlyInAnyOrderElementsOf(expectedOperators());
                assertThat(seen.get().queries()).allSatisfy(q -> assertThat(q.downstream()).hasSize(Syn.OPERATORS + 2));
                await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofSeconds(1))
                        .until(() -> reports.stream().mapToLong(SinkReport::tuples).sum() > 100
                                && reports.stream().mapToLong(r -> r.sourceTuples().orElse(0)).sum() > 1000);
            }
        }
    }

    private static List<String> expectedOperators() {
        List<String> names = new ArrayList<>();
        List<List<Syn.Operator>> queries = Syn.draw(Syn.STANDARD_SEED, QUERIES, true);
        for (int q = 0; q < QUERIES; q++) {
            names.add(Syn.sourceName(q));
            queries.get(q).forEach(o -> names.add(o.operator()));
            names.add(Syn.sinkName(q));
        }
        return names;
    }
}
