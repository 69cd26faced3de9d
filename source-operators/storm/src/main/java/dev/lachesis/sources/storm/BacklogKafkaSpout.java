package dev.lachesis.sources.storm;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.InterruptException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.storm.kafka.spout.FirstPollOffsetStrategy;
import org.apache.storm.kafka.spout.KafkaSpout;
import org.apache.storm.kafka.spout.KafkaSpoutConfig;
import org.apache.storm.spout.SpoutOutputCollector;
import org.apache.storm.task.TopologyContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * storm-kafka-client's {@link KafkaSpout}, unchanged, that also publishes its backlog as
 * {@value SourceQueueSize#NAME}: for each partition assigned to this task, the log-end offset
 * minus the offset after the last record this spout emitted. That counts both the records still
 * in Kafka and those the spout fetched but has not emitted yet. Before a partition's first emit,
 * the group's committed offset (or, without one, the start or end of the log as the first-poll
 * strategy says) stands in for it. Offsets come from the message ids of emitted tuples, so the
 * figure is exact with the default at-least-once guarantee (or with tuple tracking enforced);
 * otherwise it counts from the offsets the spout commits.
 *
 * <p>A thread of its own ({@code lachesis-source-offsets-<component>-<task id>}) asks for the
 * log-end offsets once per second through a second consumer that joins no group: the gauge never
 * blocks Storm's reporter, and the figure stays fresh while Storm stops calling
 * {@code nextTuple} (at {@code topology.max.spout.pending}). Not thread-safe, like every spout.
 *
 * @param <K> the records' key type
 * @param <V> the records' value type
 */
public class BacklogKafkaSpout<K, V> extends KafkaSpout<K, V> {
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(BacklogKafkaSpout.class);
    private static final long REFRESH_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final KafkaSpoutConfig<K, V> config;

    private transient TopologyContext context;
    private transient EmittedOffsets emitted;
    private transient KafkaConsumer<byte[], byte[]> offsets;
    private transient volatile long backlog;
    private transient boolean failing;
    private transient Thread refresher;

    /** @param config the spout's configuration, as for {@link KafkaSpout} */
    public BacklogKafkaSpout(KafkaSpoutConfig<K, V> config) {
        super(config);
        this.config = config;
    }

    @Override
    public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
        this.context = context;
        this.emitted = new EmittedOffsets(collector);
        Map<String, Object> props = new HashMap<>(config.getKafkaProps());
        props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
        props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
        props.put(ConsumerConfig.CLIENT_ID_CONFIG, "lachesis-backlog-" + context.getThisComponentId()
                + "-" + context.getThisTaskIndex());
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        this.offsets = new KafkaConsumer<>(props);
        SourceQueueSize.register(context, () -> backlog);
        super.open(conf, context, new SpoutOutputCollector(emitted));
        refresher = new Thread(this::refreshEverySecond,
                "lachesis-source-offsets-" + context.getThisComponentId() + "-" + context.getThisTaskId());
        refresher.setDaemon(true);
        refresher.start();
    }

    private void refreshEverySecond() {
        try {
            while (!Thread.currentThread().isInterrupted()) {
                refreshBacklog();
                TimeUnit.NANOSECONDS.sleep(REFRESH_NANOS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (InterruptException e) {
            LOG.debug("Backlog refresher of {} interrupted in a Kafka call", context.getThisComponentId());
        } finally {
            offsets.close();
        }
    }

    private void refreshBacklog() {
        try {
            List<TopicPartition> all = new ArrayList<>(config.getTopicFilter().getAllSubscribedPartitions(offsets));
            all.sort(Comparator.comparing(TopicPartition::topic).thenComparingInt(TopicPartition::partition));
            Set<TopicPartition> mine = config.getTopicPartitioner().getPartitionsForThisTask(all, context);
            Map<TopicPartition, Long> ends = offsets.endOffsets(mine);
            Map<TopicPartition, Long> starts = null;
            Map<TopicPartition, OffsetAndMetadata> committed = null;
            long total = 0;
            for (TopicPartition partition : mine) {
                Long next = emitted.nextToEmit(partition);
                if (next == null) {
                    if (committed == null) {
                        committed = offsets.committed(mine);
                    }
                    OffsetAndMetadata commit = committed.get(partition);
                    if (commit != null) {
                        next = commit.offset();
                    } else if (startsAtEnd()) {
                        next = ends.get(partition);
                    } else {
                        if (starts == null) {
                            starts = offsets.beginningOffsets(mine);
                        }
                        next = starts.get(partition);
                    }
                }
                Long end = ends.get(partition);
                if (end != null && next != null) {
                    total += Math.max(0, end - next);
                }
            }
            backlog = total;
            if (failing) {
                LOG.info("Kafka spout {} reads its backlog again", context.getThisComponentId());
                failing = false;
            }
        } catch (InterruptException e) {
            throw e;
        } catch (KafkaException e) {
            if (!failing) {
                LOG.warn("Kafka spout {} cannot read log-end offsets, keeping the last backlog ({} records): {}",
                        context.getThisComponentId(), backlog, e.toString());
                failing = true;
            }
        }
    }

    private boolean startsAtEnd() {
        FirstPollOffsetStrategy strategy = config.getFirstPollOffsetStrategy();
        return strategy == FirstPollOffsetStrategy.LATEST || strategy == FirstPollOffsetStrategy.UNCOMMITTED_LATEST;
    }

    @Override
    public void close() {
        try {
            super.close();
        } finally {
            if (refresher != null) {
                refresher.interrupt();
                try {
                    refresher.join(TimeUnit.SECONDS.toMillis(10));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }
}
