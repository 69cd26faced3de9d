package dev.lachesis.experiments.flink.shapes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.lachesis.server.store.EmbeddedMetricSource;
import dev.lachesis.server.store.EmbeddedStoreConfig;
import dev.lachesis.core.model.SpeState;
import dev.lachesis.core.model.ThreadKind;
import dev.lachesis.core.spi.MetricSource;
import dev.lachesis.core.spi.SpeDriver;
import dev.lachesis.experiments.etl.GenerateSenml;
import dev.lachesis.experiments.flink.FlinkClusterProcess;
import dev.lachesis.experiments.flink.GraphiteFlinkDriver;
import dev.lachesis.experiments.measure.SinkReport;
import dev.lachesis.experiments.shapes.Fanout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The fanout job on a real Flink 1.20 MiniCluster in a child JVM, started as
 * {@code bin/lachesis-bench query --spe flink --query fanout --input FILE --sink-reports} starts it, replaying a
 * generated file at a low rate and reporting to Lachesis' embedded store: the sink receives exactly as
 * many records as the shared logic makes of that file
 * (three branches of selectivity 1, 1.7 and 0.3), and the Flink driver sees the task threads of all
 * seven operators, the heavy one twice, and the file source's {@code source-queue-size}. The child
 * is stopped in {@code finally}.
 */
class FlinkFanoutIT {
    private static final Logger LOG = LoggerFactory.getLogger(FlinkFanoutIT.class);
    private static final double RATE = 250;
    private static final int RECORDS = 5_000;
    private static final Duration START_TIMEOUT = Duration.ofMinutes(2);

    @TempDir
    Path dir;

    @Test
    void theSinkGetsWhatTheLogicMakesOfEveryRecordAndTheDriverSeesAllSevenOperators() throws Exception {
        Path input = dir.resolve("fanout.senml");
        GenerateSenml.write(input, RECORDS, 42);
        long expected = sinkRecords(input);
        try (MetricSource metrics = EmbeddedMetricSource.start(EmbeddedStoreConfig.defaults().withPorts(0, 0),
                Duration.ofSeconds(10), Clock.systemUTC())) {
            String carbon = "127.0.0.1:" + ((EmbeddedMetricSource) metrics).carbonPort();
            int restPort = GraphiteFlinkDriver.freePort();
            List<SinkReport> sinks = new CopyOnWriteArrayList<>();
            List<String> args = List.of("--query", "fanout", "--rest-port", Integer.toString(restPort),
                    "--rate", Double.toString(RATE), "--input", input.toString(), "--graphite", carbon, "--sink-reports");
            try (FlinkClusterProcess flink = FlinkClusterProcess.start(768, args,
                    GraphiteFlinkDriver.sinkReportsTo(sinks, LOG), START_TIMEOUT);
                 SpeDriver driver = GraphiteFlinkDriver.create(restPort, metrics)) {
                SpeState state = GraphiteFlinkDriver.awaitOperatorsWithSourceQueue(driver, flink.firstJob(), 8, Duration.ofSeconds(40));
                assertThat(state.threads()).filteredOn(t -> t.kind() == ThreadKind.MAIN && t.queryId().equals(flink.firstJob()))
                        .extracting(t -> t.thread().name().replaceAll(" \\(\\d/\\d\\)#\\d+$", "").replace("Source: ", ""))
                        .containsExactlyInAnyOrder("source", "parse", "heavy", "heavy", "medium", "light-filter", "merge",
                                "sink");

                await().atMost(Duration.ofSeconds((long) (RECORDS / RATE) + 60)).pollInterval(Duration.ofSeconds(1))
                        .until(() -> total(sinks) >= expected);
                LOG.info("{} of {} records replayed reached the sink, {} expected", total(sinks), RECORDS, expected);
                assertThat(total(sinks)).isEqualTo(expected);
                assertThat(sinks).filteredOn(r -> r.tuples() > 0).allSatisfy(r ->
                        assertThat(r.latency().meanMicros()).isLessThanOrEqualTo(r.endToEnd().meanMicros()));
            }
        }
    }

    /** What the fanout logic makes of {@code input}: the records its branches pass on to the merge and sink. */
    private static long sinkRecords(Path input) throws IOException {
        AtomicLong out = new AtomicLong();
        try (Stream<String> lines = Files.lines(input)) {
            lines.forEach(line -> {
                long key = Fanout.key(Fanout.parse(line));
                Fanout.branch(key).apply(key, 0, key, (part, digest) -> out.incrementAndGet());
            });
        }
        return out.get();
    }

    private static long total(List<SinkReport> reports) {
        return reports.stream().mapToLong(SinkReport::tuples).sum();
    }
}
