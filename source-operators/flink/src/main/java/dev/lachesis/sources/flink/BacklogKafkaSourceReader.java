package dev.lachesis.sources.flink;

import java.util.Collection;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.flink.api.connector.source.ReaderOutput;
import org.apache.flink.api.connector.source.SourceEvent;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.connector.kafka.source.split.KafkaPartitionSplit;
import org.apache.flink.core.io.InputStatus;
import org.apache.flink.metrics.MetricGroup;

/**
 * The connector's Kafka reader, unchanged, that tells its {@link KafkaBacklog} which partitions it
 * owns and from which offsets, registers {@value SourceQueueSize#NAME} and stops the backlog's
 * thread when it closes. Not thread-safe, like the reader it wraps.
 */
// Flink's SourceReader is AutoCloseable with close() throwing Exception (so InterruptedException too);
// Flink closes readers itself, never in a try-with-resources, so javac's "try" lint does not apply.
@SuppressWarnings("try")
final class BacklogKafkaSourceReader<T> implements SourceReader<T, KafkaPartitionSplit> {
    private final SourceReader<T, KafkaPartitionSplit> reader;
    private final KafkaBacklog backlog;
    private final MetricGroup metrics;

    BacklogKafkaSourceReader(SourceReader<T, KafkaPartitionSplit> reader, KafkaBacklog backlog, MetricGroup metrics) {
        this.reader = reader;
        this.backlog = backlog;
        this.metrics = metrics;
    }

    @Override
    public void start() {
        SourceQueueSize.register(metrics, backlog::backlog);
        backlog.start();
        reader.start();
    }

    @Override
    public InputStatus pollNext(ReaderOutput<T> output) throws Exception {
        return reader.pollNext(output);
    }

    @Override
    public List<KafkaPartitionSplit> snapshotState(long checkpointId) {
        return reader.snapshotState(checkpointId);
    }

    @Override
    public CompletableFuture<Void> isAvailable() {
        return reader.isAvailable();
    }

    @Override
    public void addSplits(List<KafkaPartitionSplit> splits) {
        for (KafkaPartitionSplit split : splits) {
            backlog.partitionStarts(split.getTopicPartition(), split.getStartingOffset());
        }
        reader.addSplits(splits);
    }

    @Override
    public void notifyNoMoreSplits() {
        reader.notifyNoMoreSplits();
    }

    @Override
    public void handleSourceEvents(SourceEvent event) {
        reader.handleSourceEvents(event);
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId) throws Exception {
        reader.notifyCheckpointComplete(checkpointId);
    }

    @Override
    public void notifyCheckpointAborted(long checkpointId) throws Exception {
        reader.notifyCheckpointAborted(checkpointId);
    }

    @Override
    public void pauseOrResumeSplits(Collection<String> pausedSplitIds, Collection<String> resumedSplitIds) {
        reader.pauseOrResumeSplits(pausedSplitIds, resumedSplitIds);
    }

    @Override
    public void close() throws Exception {
        try {
            reader.close();
        } finally {
            backlog.close();
        }
    }
}
