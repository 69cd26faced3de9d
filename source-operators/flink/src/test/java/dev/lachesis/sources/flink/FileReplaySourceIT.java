package dev.lachesis.sources.flink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.lachesis.sources.FileReplaySettings;
import dev.lachesis.sources.metrics.MetricPoint;
import dev.lachesis.sources.metrics.MetricStore;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The file source on a real Flink 1.20 MiniCluster in this JVM, reporting to Graphite (or a carbon listener). */
class FileReplaySourceIT {
    private static final Logger LOG = LoggerFactory.getLogger(FileReplaySourceIT.class);
    private static final int RATE = 100;
    private static final String PADDING = " " + "x".repeat(1_000);

    @TempDir
    Path dir;

    @Test
    void backlogGrowsAsTheConsumerIsHeldBackAndDrainsToZero() throws Exception {
        int lines = 1_500;
        Path file = dir.resolve("records.txt");
        Files.writeString(file, IntStream.range(0, lines).mapToObj(i -> "record-" + i + PADDING + "\n")
                .collect(Collectors.joining()));
        String job = "lachesis-src-it-" + UUID.randomUUID().toString().substring(0, 8);
        String glob = FlinkJobs.operatorMetric(job, SourceQueueSize.NAME);
        Gate.reset(true);
        try (MetricStore store = MetricStore.open()) {
            LOG.info("Reading metrics from {}", store.describe());
            StreamExecutionEnvironment env = FlinkJobs.environment(store);
            env.fromSource(FileReplaySource.of(FileReplaySettings.of(file).withRate(RATE).withCapacity(50).following(), "file"),
                            WatermarkStrategy.noWatermarks(), "file")
                    .map(new Gate<StampedLine>()).name("slow")
                    .sinkTo(new DiscardingSink<>()).name("sink");
            JobClient client = env.executeAsync(job);
            try {
                await().atMost(Duration.ofSeconds(90)).until(() -> store.points(glob).size() >= 4
                        && last(store.points(glob)).value() > 2 * RATE);
                List<MetricPoint> held = store.points(glob);
                LOG.info("source-queue-size series {}: {}", held.get(0).path(),
                        held.stream().map(p -> (long) p.value()).toList());
                assertThat(held.stream().map(MetricPoint::path).distinct()).hasSize(1);
                assertThat(held).extracting(MetricPoint::value).isSortedAccordingTo(Comparator.naturalOrder());
                assertThat(Thread.getAllStackTraces().keySet()).extracting(Thread::getName)
                        .contains("lachesis-source-reader-file-0");

                long gateOpenedMicros = System.currentTimeMillis() * 1000;
                Gate.gate.countDown();
                await().until(() -> Gate.FIRST_PRODUCED_AT.get() > 0);
                long firstProducedAt = Gate.FIRST_PRODUCED_AT.get();
                // Ingestion time: when the source emitted the record, after it was produced and (held back
                // by the closed gate) before the map could take it.
                assertThat(Gate.FIRST_EMITTED_AT.get()).isBetween(firstProducedAt * 1000, gateOpenedMicros);
                for (MetricPoint point : held.subList(1, held.size())) {
                    double emitted = FlinkJobs.sameSecond(store, point, "numRecordsOut.count").orElseThrow();
                    // Produced by the start of the point's second and by the end of the next (a report is
                    // stamped when it starts and may take a while on a loaded machine), minus what was emitted.
                    long producedBefore = (point.epochSeconds() * 1000 - firstProducedAt) * RATE / 1000 + 1;
                    long producedAfter = producedBefore + 2 * RATE;
                    LOG.info("t={} source-queue-size={} numRecordsOut={} produced in [{}, {}]", point.epochSeconds(),
                            (long) point.value(), (long) emitted, producedBefore, producedAfter);
                    assertThat((long) (point.value() + emitted)).as("%s at %d", point.path(), point.epochSeconds())
                            .isBetween(producedBefore - RATE, producedAfter);
                }

                await().atMost(Duration.ofSeconds(90)).until(() -> Gate.SEEN.size() == lines);
                await().atMost(Duration.ofSeconds(30)).until(() -> last(store.points(glob)).value() == 0);
            } finally {
                Gate.gate.countDown();
                FlinkJobs.stop(client);
            }
        }
        await().atMost(Duration.ofSeconds(30)).until(() -> Thread.getAllStackTraces().keySet().stream()
                .noneMatch(t -> t.getName().startsWith("lachesis-source-reader-")));
    }

    @Test
    void nothingIsLostWhenTheJobRestartsFromACheckpoint() throws Exception {
        int lines = 3_000;
        Path file = dir.resolve("records.txt");
        Files.writeString(file, IntStream.range(0, lines).mapToObj(i -> "record-" + i + "\n").collect(Collectors.joining()));
        FailOnce.reset();
        try (MetricStore store = MetricStore.open()) {
            StreamExecutionEnvironment env = FlinkJobs.environment(store);
            env.enableCheckpointing(200);
            env.fromSource(FileReplaySource.of(FileReplaySettings.of(file).withRate(1_000).following(), "file"),
                            WatermarkStrategy.noWatermarks(), "file")
                    .map(new FailOnce(lines / 3)).name("fail-once")
                    .sinkTo(new DiscardingSink<>()).name("sink");
            JobClient client = env.executeAsync("lachesis-src-restart-" + UUID.randomUUID().toString().substring(0, 8));
            try {
                await().atMost(Duration.ofSeconds(120)).until(() -> FailOnce.SEEN.size() == lines);
            } finally {
                FlinkJobs.stop(client);
            }
        }
        LOG.info("Lines {}, received {} (after one failure and a restore)", lines, FailOnce.RECEIVED.get());
        assertThat(FailOnce.FAILED).isTrue();
        assertThat(FailOnce.SEEN).hasSize(lines).contains("record-0", "record-" + (lines - 1));
        assertThat(FailOnce.RECEIVED.get()).isGreaterThan(lines);
    }

    private static MetricPoint last(List<MetricPoint> points) {
        return points.isEmpty() ? new MetricPoint("", -1, 0) : points.get(points.size() - 1);
    }

}
