package dev.lachesis.sources.flink;

import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.apache.flink.metrics.Gauge;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.InterruptException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One Kafka source reader's backlog: for each partition it was given, the log-end offset minus the
 * offset after the last record it emitted (the connector's {@code currentOffset} gauge), or minus
 * the split's starting offset before its first emit. A thread of its own
 * ({@code lachesis-source-offsets-<operator>-<subtask>}) asks a consumer that joins no group for
 * the log-end offsets once per second. Thread-safe.
 */
final class KafkaBacklog implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(KafkaBacklog.class);
    private static final long REFRESH_NANOS = TimeUnit.SECONDS.toNanos(1);
    /** The connector's starting-offset markers (KafkaPartitionSplit). */
    private static final long LATEST = -1;
    private static final long COMMITTED = -3;

    private final Map<TopicPartition, Long> startingOffsets = new ConcurrentHashMap<>();
    private final Map<TopicPartition, Gauge<?>> currentOffsets = new ConcurrentHashMap<>();
    private final Properties consumerProperties;
    private final String name;
    private volatile long backlog;
    private boolean failing;
    private Thread thread;

    KafkaBacklog(Properties consumerProperties, String name) {
        this.consumerProperties = consumerProperties;
        this.name = name;
    }

    void partitionStarts(TopicPartition partition, long startingOffset) {
        startingOffsets.put(partition, startingOffset);
    }

    void currentOffsetGauge(TopicPartition partition, Gauge<?> gauge) {
        currentOffsets.put(partition, gauge);
    }

    long backlog() {
        return backlog;
    }

    synchronized void start() {
        Properties props = new Properties();
        props.putAll(consumerProperties);
        props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        props.put(ConsumerConfig.CLIENT_ID_CONFIG, name);
        thread = new Thread(() -> refreshEverySecond(props), name);
        thread.setDaemon(true);
        thread.start();
    }

    private void refreshEverySecond(Properties props) {
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(props)) {
            while (!Thread.currentThread().isInterrupted()) {
                refresh(consumer);
                TimeUnit.NANOSECONDS.sleep(REFRESH_NANOS);
            }
        } catch (InterruptedException | InterruptException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void refresh(KafkaConsumer<byte[], byte[]> consumer) {
        Set<TopicPartition> partitions = Set.copyOf(startingOffsets.keySet());
        if (partitions.isEmpty()) {
            return;
        }
        try {
            Map<TopicPartition, Long> ends = consumer.endOffsets(partitions);
            Map<TopicPartition, Long> next = new HashMap<>();
            for (TopicPartition partition : partitions) {
                Gauge<?> current = currentOffsets.get(partition);
                Object emitted = current == null ? null : current.getValue();
                if (emitted instanceof Number offset && offset.longValue() >= 0) {
                    next.put(partition, offset.longValue() + 1);
                } else {
                    next.put(partition, startOf(consumer, partition, startingOffsets.get(partition), ends));
                }
            }
            long total = 0;
            for (TopicPartition partition : partitions) {
                Long end = ends.get(partition);
                if (end != null) {
                    total += Math.max(0, end - next.get(partition));
                }
            }
            backlog = total;
            if (failing) {
                LOG.info("{} reads log-end offsets again", name);
                failing = false;
            }
        } catch (InterruptException e) {
            throw e;
        } catch (KafkaException e) {
            if (!failing) {
                LOG.warn("{} cannot read log-end offsets, keeping the last backlog ({} records): {}", name, backlog,
                        e.toString());
                failing = true;
            }
        }
    }

    private static long startOf(KafkaConsumer<byte[], byte[]> consumer, TopicPartition partition, long starting,
            Map<TopicPartition, Long> ends) {
        if (starting >= 0) {
            return starting;
        }
        if (starting == LATEST) {
            return ends.getOrDefault(partition, 0L);
        }
        if (starting == COMMITTED) {
            OffsetAndMetadata committed = consumer.committed(Set.of(partition)).get(partition);
            if (committed != null) {
                return committed.offset();
            }
        }
        return consumer.beginningOffsets(Set.of(partition)).getOrDefault(partition, 0L);
    }

    @Override
    public synchronized void close() {
        if (thread != null) {
            thread.interrupt();
            try {
                thread.join(TimeUnit.SECONDS.toMillis(10));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
