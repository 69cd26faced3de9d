package dev.lachesis.sources.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KafkaBrokerIT {
    @TempDir
    Path dir;

    @Test
    void aChildJvmBrokerTakesTopicsAndRecordsOnLoopback() throws Exception {
        try (KafkaBroker broker = KafkaBroker.start(dir)) {
            assertThat(broker.bootstrapServers()).startsWith("127.0.0.1:");
            broker.createTopic("readings", 2);
            broker.produce("readings", 100, i -> "r" + i);

            List<String> values = new ArrayList<>();
            try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(Map.of(
                    ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers(),
                    ConsumerConfig.GROUP_ID_CONFIG, "check",
                    ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest",
                    ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class,
                    ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class))) {
                consumer.subscribe(List.of("readings"));
                long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
                while (values.size() < 100 && System.nanoTime() < deadline) {
                    for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(500))) {
                        values.add(record.value());
                    }
                }
            }
            assertThat(values).hasSize(100).contains("r0", "r99");
        }
    }
}
