package dev.lachesis.sources.flink;

import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import org.apache.flink.metrics.CharacterFilter;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.metrics.Histogram;
import org.apache.flink.metrics.Meter;
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
final class OffsetGaugeTap implements SourceReaderMetricGroup {
    private static final String READER_GROUP = "KafkaSourceReader";
    private static final String CURRENT_OFFSET = "currentOffset";

    private final SourceReaderMetricGroup group;
    private final BiConsumer<TopicPartition, Gauge<?>> onCurrentOffset;

    OffsetGaugeTap(SourceReaderMetricGroup group, BiConsumer<TopicPartition, Gauge<?>> onCurrentOffset) {
        this.group = group;
        this.onCurrentOffset = onCurrentOffset;
    }

    @Override
    public MetricGroup addGroup(String name) {
        MetricGroup added = group.addGroup(name);
        return READER_GROUP.equals(name) ? new Level(added, List.of()) : added;
    }

    /** A group under {@code KafkaSourceReader}, knowing the {@code topic}/{@code partition} keys above it. */
    private final class Level implements MetricGroup {
        private final MetricGroup group;
        private final List<String> keys;

        Level(MetricGroup group, List<String> keys) {
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

        @Override
        public MetricGroup addGroup(String name) {
            return group.addGroup(name);
        }

        @Override
        public Counter counter(String name) {
            return group.counter(name);
        }

        @Override
        public <C extends Counter> C counter(String name, C counter) {
            return group.counter(name, counter);
        }

        @Override
        public <H extends Histogram> H histogram(String name, H histogram) {
            return group.histogram(name, histogram);
        }

        @Override
        public <M extends Meter> M meter(String name, M meter) {
            return group.meter(name, meter);
        }

        @Override
        public String[] getScopeComponents() {
            return group.getScopeComponents();
        }

        @Override
        public Map<String, String> getAllVariables() {
            return group.getAllVariables();
        }

        @Override
        public String getMetricIdentifier(String metricName) {
            return group.getMetricIdentifier(metricName);
        }

        @Override
        public String getMetricIdentifier(String metricName, CharacterFilter filter) {
            return group.getMetricIdentifier(metricName, filter);
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

    @Override
    public Counter counter(String name) {
        return group.counter(name);
    }

    @Override
    public <C extends Counter> C counter(String name, C counter) {
        return group.counter(name, counter);
    }

    @Override
    public <T, G extends Gauge<T>> G gauge(String name, G gauge) {
        return group.gauge(name, gauge);
    }

    @Override
    public <H extends Histogram> H histogram(String name, H histogram) {
        return group.histogram(name, histogram);
    }

    @Override
    public <M extends Meter> M meter(String name, M meter) {
        return group.meter(name, meter);
    }

    @Override
    public MetricGroup addGroup(String key, String value) {
        return group.addGroup(key, value);
    }

    @Override
    public String[] getScopeComponents() {
        return group.getScopeComponents();
    }

    @Override
    public Map<String, String> getAllVariables() {
        return group.getAllVariables();
    }

    @Override
    public String getMetricIdentifier(String metricName) {
        return group.getMetricIdentifier(metricName);
    }

    @Override
    public String getMetricIdentifier(String metricName, CharacterFilter filter) {
        return group.getMetricIdentifier(metricName, filter);
    }
}
