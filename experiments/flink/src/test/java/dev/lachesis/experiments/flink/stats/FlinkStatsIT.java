package dev.lachesis.experiments.flink.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.lachesis.core.model.SpeState;
import dev.lachesis.core.model.ThreadKind;
import dev.lachesis.core.spi.MetricSource;
import dev.lachesis.core.spi.SpeDriver;
import dev.lachesis.experiments.etl.GenerateSenml;
import dev.lachesis.experiments.etl.SenmlParser;
import dev.lachesis.experiments.flink.FlinkClusterProcess;
import dev.lachesis.experiments.flink.GraphiteFlinkDriver;
import dev.lachesis.experiments.measure.SinkReport;
import dev.lachesis.experiments.stats.StatsParameters;
import dev.lachesis.server.store.EmbeddedMetricSource;
import dev.lachesis.server.store.EmbeddedStoreConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The STATS job on a real Flink 1.20 MiniCluster in a child JVM, started as
 * {@code bin/lachesis-bench query --spe flink --query stats --input FILE --sink-reports} starts it,
 * replaying a generated file at a low rate and reporting to Lachesis' embedded store: the sink
 * receives exactly the charts the input makes (counted here from the file by the query's rules),
 * every record is counted at the source, and the Flink driver sees the ten operators' task threads
 * and the source's {@code source-queue-size}. The child is stopped when the test ends.
 */
class FlinkStatsIT {
    private static final Logger LOG = LoggerFactory.getLogger(FlinkStatsIT.class);
    private static final double RATE = 500;
    private static final int RECORDS = 6_000;
    private static final Duration START_TIMEOUT = Duration.ofMinutes(2);

    @TempDir
    Path dir;

    @Test
    void theSinkReceivesEveryChartTheInputMakesAndTheDriverSeesTheTenOperators() throws Exception {
        Path input = dir.resolve("stats.senml");
        GenerateSenml.write(input, RECORDS, 42);
        long charts = expectedCharts(input);
        try (MetricSource metrics = EmbeddedMetricSource.start(EmbeddedStoreConfig.defaults().withPorts(0, 0),
                Duration.ofSeconds(10), Clock.systemUTC())) {
            String carbon = "127.0.0.1:" + ((EmbeddedMetricSource) metrics).carbonPort();
            List<SinkReport> reports = new CopyOnWriteArrayList<>();
            List<String> args = List.of("--query", "stats", "--rest-port", "0",
                    "--rate", Double.toString(RATE), "--input", input.toString(), "--graphite", carbon, "--sink-reports");
            try (FlinkClusterProcess flink = FlinkClusterProcess.start(768, args,
                    GraphiteFlinkDriver.sinkReportsTo(reports, LOG), START_TIMEOUT);
                 SpeDriver driver = GraphiteFlinkDriver.create(flink.restPort(), metrics)) {
                String job = flink.firstJob();

                SpeState state = GraphiteFlinkDriver.awaitOperatorsWithSourceQueue(driver, job, StatsJob.OPERATORS.size(),
                        Duration.ofSeconds(50));
                assertThat(state.threads()).filteredOn(t -> t.kind() == ThreadKind.MAIN && t.queryId().equals(job))
                        .extracting(t -> t.thread().name().replaceAll(" \\(1/1\\)#\\d+$", "").replace("Source: ", ""))
                        .containsExactlyInAnyOrderElementsOf(StatsJob.OPERATORS);

                await().atMost(Duration.ofSeconds((long) (RECORDS / RATE) + 60)).pollInterval(Duration.ofSeconds(1))
                        .until(() -> total(reports) >= charts);
                LOG.info("{} charts reached the sink of {} expected from {} records", total(reports), charts, RECORDS);
                assertThat(total(reports)).isEqualTo(charts);
                assertThat(reports.stream().mapToLong(r -> r.sourceTuples().orElse(0)).sum()).isEqualTo(RECORDS);
            }
        }
    }

    private static long total(List<SinkReport> reports) {
        return reports.stream().mapToLong(SinkReport::tuples).sum();
    }

    /**
     * The charts the job draws from {@code input}: per sensor's field with n numeric readings,
     * ⌊n / BLOCK⌋ averages and n − WINDOW + 1 predictions; ⌊all readings / BLOCK⌋ distinct counts;
     * one chart per BATCH points of each series.
     */
    private static long expectedCharts(Path input) throws IOException {
        SenmlParser parser = new SenmlParser();
        Map<String, Long> numeric = new HashMap<>();
        long readings = 0;
        for (String line : Files.readAllLines(input)) {
            for (SenmlParser.Reading r : parser.parse(line)) {
                readings++;
                if (!Double.isNaN(r.value())) {
                    numeric.merge(r.sensor() + '/' + r.field(), 1L, Long::sum);
                }
            }
        }
        long charts = readings / StatsParameters.BLOCK / StatsParameters.BATCH;
        for (long n : numeric.values()) {
            charts += n / StatsParameters.BLOCK / StatsParameters.BATCH + Math.max(0, n - StatsParameters.WINDOW + 1) / StatsParameters.BATCH;
        }
        return charts;
    }
}
