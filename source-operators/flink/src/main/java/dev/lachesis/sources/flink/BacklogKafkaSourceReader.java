package dev.lachesis.sources.flink;

import java.util.List;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.connector.kafka.source.split.KafkaPartitionSplit;
import org.apache.flink.metrics.MetricGroup;

/**
 * The connector's Kafka reader, unchanged, that tells its {@link KafkaBacklog} which partitions it
 * owns and from which offsets, registers {@value SourceQueueSize#NAME} and stops the backlog's
 * thread when it closes. Not thread-safe, like the reader it wraps.
 */
// Flink's SourceReader is AutoCloseable with close() throwing Exception (so InterruptedException too);
// Flink closes readers itself, never in a try-with-resources, so javac's "try" lint does not apply.
@SuppressWarnings("try")
final class BacklogKafkaSourceReader<T> extends ForwardingSourceReader<T, KafkaPartitionSplit> {
    private final KafkaBacklog backlog;
    private final MetricGroup metrics;

    BacklogKafkaSourceReader(SourceReader<T, KafkaPartitionSplit> reader, KafkaBacklog backlog, MetricGroup metrics) {
        super(reader);
        this.backlog = backlog;
        this.metrics = metrics;
    }

    @Override
    public void start() {
        SourceQueueSize.register(metrics, backlog::backlog);
        backlog.start();
        super.start();
    }

    @Override
    public void addSplits(List<KafkaPartitionSplit> splits) {
        for (KafkaPartitionSplit split : splits) {
            backlog.partitionStarts(split.getTopicPartition(), split.getStartingOffset());
        }
        super.addSplits(splits);
    }

    @Override
    public void close() throws Exception {
        try {
            super.close();
        } finally {
            backlog.close();
        }
    }
}
