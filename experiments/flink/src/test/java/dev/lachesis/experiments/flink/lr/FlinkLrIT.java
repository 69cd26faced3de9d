package dev.lachesis.experiments.flink.lr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.lachesis.server.store.EmbeddedMetricSource;
import dev.lachesis.server.store.EmbeddedStoreConfig;
import dev.lachesis.core.model.SpeState;
import dev.lachesis.core.model.ThreadKind;
import dev.lachesis.core.spi.MetricSource;
import dev.lachesis.core.spi.SpeDriver;
import dev.lachesis.experiments.flink.FlinkClusterProcess;
import dev.lachesis.experiments.flink.GraphiteFlinkDriver;
import dev.lachesis.experiments.lr.LinearRoadInput;
import dev.lachesis.experiments.measure.SinkReport;
import dev.lachesis.sources.kafka.KafkaBroker;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Linear Road job on a real Flink 1.20 MiniCluster in a child JVM, started as
 * {@code bin/lachesis-bench query --spe flink --query lr} starts it, reading stamped position reports
 * from a real KRaft broker in a child JVM and reporting to Lachesis' embedded store: the sink
 * receives exactly one toll notification per segment a vehicle enters (the reports end before the
 * generator's first accident, so no alert), every report is counted at the source, and the Flink
 * driver sees the nine operators' task threads and the Kafka source's {@code source-queue-size}.
 */
class FlinkLrIT {
    private static final Logger LOG = LoggerFactory.getLogger(FlinkLrIT.class);
    private static final Duration START_TIMEOUT = Duration.ofMinutes(2);

    @TempDir
    Path dir;

    @Test
    void everySegmentEntryGetsItsTollNotificationAndTheDriverSeesTheNineOperators() throws Exception {
        LinearRoadInput input = LinearRoadInput.beforeFirstAccident();
        Path kafkaDir = Files.createDirectories(dir.resolve("kafka"));
        try (KafkaBroker broker = KafkaBroker.start(kafkaDir);
             MetricSource metrics = EmbeddedMetricSource.start(EmbeddedStoreConfig.defaults().withPorts(0, 0),
                     Duration.ofSeconds(10), Clock.systemUTC())) {
            broker.createTopic("position-reports", 1);
            broker.produce("position-reports", input.size(), input::value);
            String carbon = "127.0.0.1:" + ((EmbeddedMetricSource) metrics).carbonPort();
            List<SinkReport> reports = new CopyOnWriteArrayList<>();
            List<String> args = List.of("--query", "lr", "--rest-port", "0", "--kafka", broker.bootstrapServers(),
                    "--topic", "position-reports", "--graphite", carbon, "--sink-reports");
            try (FlinkClusterProcess flink = FlinkClusterProcess.start(768, args,
                    GraphiteFlinkDriver.sinkReportsTo(reports, LOG), START_TIMEOUT);
                 SpeDriver driver = GraphiteFlinkDriver.create(flink.restPort(), metrics)) {
                String job = flink.firstJob();

                SpeState state = GraphiteFlinkDriver.awaitOperatorsWithSourceQueue(driver, job, LrJob.OPERATORS.size(),
                        Duration.ofSeconds(50));
                assertThat(state.threads()).filteredOn(t -> t.kind() == ThreadKind.MAIN && t.queryId().equals(job))
                        .extracting(t -> t.thread().name().replaceAll(" \\(1/1\\)#\\d+$", "").replace("Source: ", ""))
                        .containsExactlyInAnyOrderElementsOf(LrJob.OPERATORS);

                await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofSeconds(1))
                        .until(() -> total(reports) >= input.segmentEntries());
                LOG.info("{} notifications reached the sink for {} segment entries in {} reports", total(reports),
                        input.segmentEntries(), input.size());
                assertThat(total(reports)).isEqualTo(input.segmentEntries());
                assertThat(reports.stream().mapToLong(r -> r.sourceTuples().orElse(0)).sum()).isEqualTo(input.size());
            }
        }
    }

    private static long total(List<SinkReport> reports) {
        return reports.stream().mapToLong(SinkReport::tuples).sum();
    }
}
