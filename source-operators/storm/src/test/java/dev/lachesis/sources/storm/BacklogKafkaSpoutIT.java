package dev.lachesis.sources.storm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.lachesis.sources.kafka.KafkaBroker;
import dev.lachesis.sources.metrics.MetricPoint;
import dev.lachesis.sources.metrics.MetricStore;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.apache.storm.LocalCluster;
import org.apache.storm.generated.KillOptions;
import org.apache.storm.kafka.spout.FirstPollOffsetStrategy;
import org.apache.storm.kafka.spout.KafkaSpoutConfig;
import org.apache.storm.topology.TopologyBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The Kafka spout on a real in-process Storm 2.8 cluster against a real KRaft broker in a child JVM. */
class BacklogKafkaSpoutIT {
    private static final Logger LOG = LoggerFactory.getLogger(BacklogKafkaSpoutIT.class);
    private static final int MAX_SPOUT_PENDING = 20;

    @TempDir
    Path dir;

    @Test
    void backlogIsWhatTheTopicHoldsBeyondWhatTheSpoutEmittedAndDrainsToZero() throws Exception {
        String name = "lachesis-kafka-it-" + UUID.randomUUID().toString().substring(0, 8);
        try (KafkaBroker broker = KafkaBroker.start(dir); MetricStore store = MetricStore.open()) {
            LocalCluster cluster = new LocalCluster();
            try {
            LOG.info("Kafka at {}, metrics from {}", broker.bootstrapServers(), store.describe());
            broker.createTopic("readings", 2);
            GatedBolt.reset(true);
            KafkaSpoutConfig<String, String> config = KafkaSpoutConfig.builder(broker.bootstrapServers(), "readings")
                    .setProp("group.id", name)
                    .setFirstPollOffsetStrategy(FirstPollOffsetStrategy.EARLIEST)
                    .build();
            TopologyBuilder builder = new TopologyBuilder();
            builder.setSpout("kafka", new BacklogKafkaSpout<>(config));
            builder.setBolt("slow", new GatedBolt()).shuffleGrouping("kafka");
            cluster.submitTopology(name, StormTopologies.config(store, MAX_SPOUT_PENDING), builder.createTopology());
            String glob = "storm.topology." + name + "-*.*.kafka.*.*-" + SourceQueueSize.NAME;
            try {
                broker.produce("readings", 1_000, i -> "a" + i);
                // Held back, the spout emits max.spout.pending records; the rest wait for it in Kafka or its buffer.
                await().atMost(Duration.ofSeconds(90)).until(() -> last(store.points(glob)) == 1_000 - MAX_SPOUT_PENDING);
                broker.produce("readings", 1_500, i -> "b" + i);
                await().atMost(Duration.ofSeconds(30)).until(() -> last(store.points(glob)) == 2_500 - MAX_SPOUT_PENDING);
                List<MetricPoint> held = store.points(glob);
                LOG.info("source-queue-size series {}: {}", held.get(0).path(), held.stream().map(p -> (long) p.value()).toList());
                assertThat(GatedBolt.RECEIVED.get()).isZero();

                GatedBolt.gate.countDown();
                await().atMost(Duration.ofSeconds(90)).until(() -> GatedBolt.SEEN.size() == 2_500);
                await().atMost(Duration.ofSeconds(30)).until(() -> last(store.points(glob)) == 0);
                LOG.info("Drained: {}", store.points(glob).stream().map(p -> (long) p.value()).toList());
            } finally {
                GatedBolt.gate.countDown();
                KillOptions options = new KillOptions();
                options.set_wait_secs(0);
                cluster.killTopologyWithOpts(name, options);
                await().atMost(Duration.ofSeconds(60)).until(() -> cluster.getTopologySummaries().stream()
                        .noneMatch(t -> t.get_name().equals(name)));
            }
            } finally {
                // Before the broker goes: a worker that loses Kafka mid-shutdown may exit the JVM.
                cluster.close();
            }
        }
    }

    private static double last(List<MetricPoint> points) {
        return points.isEmpty() ? -1 : points.get(points.size() - 1).value();
    }
}
