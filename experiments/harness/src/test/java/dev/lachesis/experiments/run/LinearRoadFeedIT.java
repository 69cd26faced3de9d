package dev.lachesis.experiments.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.lachesis.experiments.lr.PositionReport;
import dev.lachesis.experiments.lr.PositionReportGenerator;
import dev.lachesis.experiments.lr.StampedReport;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.Test;

/**
 * The feed a Linear Road trial reads, against the real broker it starts: the topic holds the
 * standard fleet's reports in the generator's order, each stamped no earlier than the one before,
 * and closing the feed stops the broker.
 */
class LinearRoadFeedIT {
    private static final int READ = 3_000;

    @Test
    void theTopicHoldsTheStandardReportsInOrderWithRisingStamps() throws Exception {
        List<StampedReport> read = new ArrayList<>();
        String servers;
        try (LinearRoadFeed feed = LinearRoadFeed.start(5_000)) {
            servers = feed.queryArguments().get(1);
            assertThat(feed.queryArguments()).containsExactly("--kafka", servers, "--topic", LinearRoadFeed.TOPIC);
            try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(Map.of(
                    ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, servers,
                    ConsumerConfig.GROUP_ID_CONFIG, "check",
                    ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest",
                    ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class,
                    ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class))) {
                consumer.subscribe(List.of(LinearRoadFeed.TOPIC));
                await().atMost(Duration.ofSeconds(60)).until(() -> {
                    for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(200))) {
                        read.add(StampedReport.parse(record.value()));
                    }
                    return read.size() >= READ;
                });
            }
            assertThat(feed.sent()).isGreaterThanOrEqualTo(READ);
        }

        PositionReportGenerator expected = new PositionReportGenerator(PositionReportGenerator.STANDARD_SEED,
                PositionReportGenerator.STANDARD_VEHICLES);
        for (int i = 0; i < READ; i++) {
            PositionReport next = expected.next();
            assertThat(read.get(i).report()).as("report %d", i).isEqualTo(next);
            if (i > 0) {
                assertThat(read.get(i).producedAtMicros()).isGreaterThanOrEqualTo(read.get(i - 1).producedAtMicros());
            }
        }
        try (java.net.Socket socket = new java.net.Socket()) {
            String[] hostPort = servers.split(":");
            assertThat(org.assertj.core.api.Assertions.catchThrowable(() -> socket.connect(
                    new java.net.InetSocketAddress(hostPort[0], Integer.parseInt(hostPort[1])), 1_000)))
                    .as("the broker is stopped").isNotNull();
        }
    }
}
