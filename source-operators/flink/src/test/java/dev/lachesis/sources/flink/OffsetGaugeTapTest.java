package dev.lachesis.sources.flink;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

class OffsetGaugeTapTest {
    private final Map<TopicPartition, Gauge<?>> tapped = new HashMap<>();
    private final OffsetGaugeTap group = new OffsetGaugeTap(UnregisteredMetricsGroup.createSourceReaderMetricGroup(),
            tapped::put);

    @Test
    void handsOverTheConnectorsCurrentOffsetGaugePerPartition() {
        Gauge<Long> offset = () -> 41L;

        // The path flink-connector-kafka's KafkaSourceReaderMetrics registers it under.
        group.addGroup("KafkaSourceReader").addGroup("topic", "readings").addGroup("partition", "3")
                .gauge("currentOffset", offset);

        assertThat(tapped).containsOnlyKeys(new TopicPartition("readings", 3));
        assertThat(tapped.get(new TopicPartition("readings", 3)).getValue()).isEqualTo(41L);
    }

    @Test
    void leavesOtherGaugesAlone() {
        group.addGroup("KafkaSourceReader").addGroup("topic", "readings").addGroup("partition", "3")
                .gauge("committedOffset", () -> 1L);
        group.addGroup("KafkaSourceReader").addGroup("KafkaConsumer").gauge("currentOffset", () -> 1L);
        group.addGroup("Other").addGroup("topic", "readings").addGroup("partition", "3").gauge("currentOffset", () -> 1L);

        assertThat(tapped).isEmpty();
    }
}
