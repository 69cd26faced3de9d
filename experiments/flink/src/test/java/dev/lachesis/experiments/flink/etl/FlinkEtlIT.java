package dev.lachesis.experiments.flink.etl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.lachesis.server.store.EmbeddedMetricSource;
import dev.lachesis.server.store.EmbeddedStoreConfig;
import dev.lachesis.core.metricsource.graphite.GraphiteMetricSource;
import dev.lachesis.core.metricsource.graphite.GraphiteSourceConfig;
import dev.lachesis.core.model.SpeState;
import dev.lachesis.core.model.ThreadKind;
import dev.lachesis.core.spi.MetricSource;
import dev.lachesis.core.spi.SpeDriver;
import dev.lachesis.experiments.etl.GenerateSenml;
import dev.lachesis.experiments.etl.SenmlParser;
import dev.lachesis.experiments.flink.FlinkClusterProcess;
import dev.lachesis.experiments.flink.GraphiteFlinkDriver;
import dev.lachesis.experiments.measure.SinkReport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The ETL job on a real Flink 1.20 MiniCluster in a child JVM, started as
 * {@code bin/lachesis-bench query --spe flink --query etl --input FILE --sink-reports} starts it, replaying a
 * generated file at a low rate and reporting to Lachesis' embedded store (or, with
 * {@code LACHESIS_REQUIRE_GRAPHITE=1}, to the real Graphite that {@code deploy/graphite} starts):
 * sink reports arrive, every distinct record reaches the sink exactly once at about the input rate,
 * and the Flink driver sees the ten operators' task threads and the source's
 * {@code source-queue-size}. The child is stopped in {@code finally}.
 */
class FlinkEtlIT {
    private static final Logger LOG = LoggerFactory.getLogger(FlinkEtlIT.class);
    private static final double RATE = 200;
    private static final int RECORDS = 12_000;
    private static final Duration START_TIMEOUT = Duration.ofMinutes(2);

    @TempDir
    Path dir;

    @Test
    void everyRecordReachesTheSinkOnceAtTheInputRateAndTheDriverSeesTheTenOperators() throws Exception {
        Path input = dir.resolve("etl.senml");
        GenerateSenml.write(input, RECORDS, 42);
        long distinct = distinctRecords(input);
        boolean realGraphite = "1".equals(System.getenv("LACHESIS_REQUIRE_GRAPHITE"));
        try (MetricSource metrics = realGraphite
                ? new GraphiteMetricSource(GraphiteSourceConfig.of("http://127.0.0.1:8080"))
                : EmbeddedMetricSource.start(EmbeddedStoreConfig.defaults().withPorts(0, 0), Duration.ofSeconds(10),
                        Clock.systemUTC())) {
            String carbon = "127.0.0.1:" + (realGraphite ? 2003 : ((EmbeddedMetricSource) metrics).carbonPort());
            int restPort = GraphiteFlinkDriver.freePort();
            List<SinkReport> reports = new CopyOnWriteArrayList<>();
            List<String> args = List.of("--query", "etl", "--rest-port", Integer.toString(restPort),
                    "--rate", Double.toString(RATE), "--input", input.toString(), "--graphite", carbon, "--sink-reports");
            try (FlinkClusterProcess flink = FlinkClusterProcess.start(768, args,
                    GraphiteFlinkDriver.sinkReportsTo(reports, LOG), START_TIMEOUT);
                 SpeDriver driver = GraphiteFlinkDriver.create(restPort, metrics)) {
                String job = flink.firstJob();

                SpeState state = GraphiteFlinkDriver.awaitOperatorsWithSourceQueue(driver, job, EtlJob.OPERATORS.size(), Duration.ofSeconds(50));
                assertThat(state.threads()).filteredOn(t -> t.kind() == ThreadKind.MAIN && t.queryId().equals(job))
                        .extracting(t -> t.thread().name().replaceAll(" \\(1/1\\)#\\d+$", "").replace("Source: ", ""))
                        .containsExactlyInAnyOrderElementsOf(EtlJob.OPERATORS);

                await().atMost(Duration.ofSeconds((long) (RECORDS / RATE) + 60)).pollInterval(Duration.ofSeconds(1))
                        .until(() -> total(reports) >= distinct);
                List<SinkReport> busy = reports.stream().filter(r -> r.tuples() > 0).toList();
                double seconds = (busy.get(busy.size() - 1).endEpochMillis() - busy.get(0).endEpochMillis()) / 1000.0 + 1;
                double throughput = total(reports) / seconds;
                SinkReport middle = busy.get(busy.size() / 2);
                LOG.info("{} of {} records reached the sink, {} distinct; {} records/s over {} s at {} records/s; "
                                + "mean latency in the middle second {} ms, end-to-end {} ms", total(reports), RECORDS, distinct,
                        String.format(Locale.ROOT, "%.1f", throughput), seconds, RATE,
                        String.format(Locale.ROOT, "%.1f", middle.latency().meanMicros() / 1000),
                        String.format(Locale.ROOT, "%.1f", middle.endToEnd().meanMicros() / 1000));
                assertThat(total(reports)).isEqualTo(distinct);
                // The source counts every record it emitted into Flink, duplicates included; reports from
                // before its reader started (the job's deployment) carry no count.
                assertThat(reports.stream().mapToLong(r -> r.sourceTuples().orElse(0)).sum()).isEqualTo(RECORDS);
                assertThat(busy).allSatisfy(r -> assertThat(r.sourceTuples()).isPresent());
                assertThat(throughput).isBetween(0.9 * RATE * distinct / RECORDS, 1.1 * RATE * distinct / RECORDS);
                assertThat(busy).allSatisfy(r -> assertThat(r.latency().meanMicros()).isLessThanOrEqualTo(r.endToEnd().meanMicros()));
            }
        }
    }

    private static long total(List<SinkReport> reports) {
        return reports.stream().mapToLong(SinkReport::tuples).sum();
    }

    /** Records with distinct message ids: the generator repeats some verbatim, for the Bloom filter to drop. */
    private static long distinctRecords(Path input) throws IOException {
        SenmlParser parser = new SenmlParser();
        try (Stream<String> lines = Files.lines(input)) {
            return lines.map(line -> parser.parse(line).get(0).msgId()).collect(Collectors.toSet()).size();
        }
    }
}
