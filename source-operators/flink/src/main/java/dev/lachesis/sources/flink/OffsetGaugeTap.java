package dev.lachesis.sources.flink;

import java.util.List;
import java.util.function.BiConsumer;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.metrics.groups.OperatorIOMetricGroup;
import org.apache.flink.metrics.groups.SourceReaderMetricGroup;
import org.apache.kafka.common.TopicPartition;

/**
 * A Kafka source reader's metric group that passes everything on and hands over the connector's
 * per-partition {@code KafkaSourceReader.topic.<t>.partition.<p>.currentOffset} gauges: the offset
 * of the last record the reader emitted from each partition, which is what the backlog counts
 * from. Thread-safe as the group it wraps.
 */
final class OffsetGaugeTap extends ForwardingMetricGroup implements SourceReaderMetricGroup {
    private static final String READER_GROUP = "KafkaSourceReader";
    private static final String CURRENT_OFFSET = "currentOffset";

    private final SourceReaderMetricGroup group;
    private final BiConsumer<TopicPartition, Gauge<?>> onCurrentOffset;

    OffsetGaugeTap(SourceReaderMetricGroup group, BiConsumer<TopicPartition, Gauge<?>> onCurrentOffset) {
        super(group);
        this.group = group;
        this.onCurrentOffset = onCurrentOffset;
    }

    @Override
    public MetricGroup addGroup(String name) {
        MetricGroup added = group.addGroup(name);
        return READER_GROUP.equals(name) ? new Level(added, List.of()) : added;
    }

    /** A group under {@code KafkaSourceReader}, knowing the {@code topic}/{@code partition} keys above it. */
    private final class Level extends ForwardingMetricGroup {
        private final MetricGroup group;
        private final List<String> keys;

        Level(MetricGroup group, List<String> keys) {
            super(group);
            this.group = group;
            this.keys = keys;
        }

        @Override
        public MetricGroup addGroup(String key, String value) {
            MetricGroup added = group.addGroup(key, value);
            if (keys.isEmpty() && "topic".equals(key)) {
                return new Level(added, List.of(value));
            }
            if (keys.size() == 1 && "partition".equals(key)) {
                return new Level(added, List.of(keys.get(0), value));
            }
            return added;
        }

        @Override
        public <T, G extends Gauge<T>> G gauge(String name, G gauge) {
            G registered = group.gauge(name, gauge);
            if (keys.size() == 2 && CURRENT_OFFSET.equals(name) && keys.get(1).matches("\\d{1,9}")) {
                onCurrentOffset.accept(new TopicPartition(keys.get(0), Integer.parseInt(keys.get(1))), gauge);
            }
            return registered;
        }
    }

    @Override
    public void setPendingRecordsGauge(Gauge<Long> pendingRecords) {
        group.setPendingRecordsGauge(pendingRecords);
    }

    @Override
    public Counter getNumRecordsInErrorsCounter() {
        return group.getNumRecordsInErrorsCounter();
    }

    @Override
    public void setPendingBytesGauge(Gauge<Long> pendingBytes) {
        group.setPendingBytesGauge(pendingBytes);
    }

    @Override
    public OperatorIOMetricGroup getIOMetricGroup() {
        return group.getIOMetricGroup();
    }
}
