package dev.lachesis.sources.flink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.lachesis.sources.kafka.KafkaBroker;
import dev.lachesis.sources.metrics.MetricPoint;
import dev.lachesis.sources.metrics.MetricStore;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.serialization.SimpleStringSchema;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The Kafka source on a real Flink 1.20 MiniCluster against a real KRaft broker in a child JVM. */
class BacklogKafkaSourceIT {
    private static final Logger LOG = LoggerFactory.getLogger(BacklogKafkaSourceIT.class);
    private static final int MAX_POLL_RECORDS = 20;
    private static final String PADDING = " " + "x".repeat(1_000);

    @TempDir
    Path dir;

    @Test
    void backlogIsWhatTheTopicHoldsBeyondWhatTheSourceEmittedAndDrainsToZero() throws Exception {
        String job = "lachesis-kafka-it-" + UUID.randomUUID().toString().substring(0, 8);
        String glob = FlinkJobs.operatorMetric(job, SourceQueueSize.NAME);
        Gate.reset(true);
        try (KafkaBroker broker = KafkaBroker.start(dir); MetricStore store = MetricStore.open()) {
            LOG.info("Kafka at {}, metrics from {}", broker.bootstrapServers(), store.describe());
            broker.createTopic("readings", 2);
            KafkaSource<String> kafka = KafkaSource.<String>builder()
                    .setBootstrapServers(broker.bootstrapServers())
                    .setTopics("readings")
                    .setGroupId(job)
                    .setStartingOffsets(OffsetsInitializer.earliest())
                    .setValueOnlyDeserializer(new SimpleStringSchema())
                    .setProperty("max.poll.records", Integer.toString(MAX_POLL_RECORDS))
                    .build();
            StreamExecutionEnvironment env = FlinkJobs.environment(store);
            env.fromSource(BacklogKafkaSource.of(kafka, broker.bootstrapServers()), WatermarkStrategy.noWatermarks(), "kafka")
                    .map(new Gate<String>()).name("slow")
                    .sinkTo(new DiscardingSink<>()).name("sink");
            JobClient client = env.executeAsync(job);
            try {
                broker.produce("readings", 1_000, i -> "a" + i + PADDING);
                awaitBacklogMatches(store, glob, 1_000);
                broker.produce("readings", 1_500, i -> "b" + i + PADDING);
                awaitBacklogMatches(store, glob, 2_500);
                assertThat(Gate.SEEN).isEmpty();

                Gate.gate.countDown();
                await().atMost(Duration.ofSeconds(90)).until(() -> Gate.SEEN.size() == 2_500);
                await().atMost(Duration.ofSeconds(30)).until(() -> last(store.points(glob)).value() == 0);
                LOG.info("Drained: {}", store.points(glob).stream().map(p -> (long) p.value()).toList());
            } finally {
                Gate.gate.countDown();
                FlinkJobs.stop(client);
            }
        }
    }

    /** Waits for a report in which source-queue-size is what was produced minus what the source emitted. */
    private static void awaitBacklogMatches(MetricStore store, String glob, long produced) {
        await().atMost(Duration.ofSeconds(60)).until(() -> {
            MetricPoint point = last(store.points(glob));
            Optional<Double> emitted = point.epochSeconds() == 0 ? Optional.empty()
                    : FlinkJobs.sameSecond(store, point, "numRecordsOut.count");
            if (emitted.isEmpty()) {
                return false;
            }

            LOG.info("t={} produced={} numRecordsOut={} source-queue-size={}", point.epochSeconds(), produced,
                    emitted.get().longValue(), (long) point.value());
            return (long) point.value() == produced - emitted.get().longValue();
        });
    }

    private static MetricPoint last(List<MetricPoint> points) {
        return points.isEmpty() ? new MetricPoint("", -1, 0) : points.get(points.size() - 1);
    }
}
