package dev.lachesis.sources.flink;

import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.api.connector.source.SourceEvent;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.api.java.typeutils.ResultTypeQueryable;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.connector.kafka.source.enumerator.KafkaSourceEnumState;
import org.apache.flink.connector.kafka.source.split.KafkaPartitionSplit;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.metrics.groups.SourceReaderMetricGroup;
import org.apache.flink.util.UserCodeClassLoader;

/**
 * The Kafka connector's {@link KafkaSource}, unchanged, whose readers also publish
 * {@value SourceQueueSize#NAME}. The connector already measures the backlog: its FLIP-33 gauge
 * {@code pendingRecords} sums, over the partitions a reader owns, Kafka's {@code records-lag}
 * (log-end offset minus the reader's consumer position); this wrapper registers that same gauge
 * under the common name. It does not count the records the connector fetched and has not emitted
 * yet: at most {@code source.reader.element.queue.capacity} (default 2) fetches of at most
 * {@code max.poll.records} (default 500) each. Immutable and serializable.
 *
 * <pre>{@code
 * env.fromSource(new BacklogKafkaSource<>(KafkaSource.<String>builder()...build()),
 *         WatermarkStrategy.noWatermarks(), "readings");
 * }</pre>
 *
 * @param <T> the records' type
 */
public final class BacklogKafkaSource<T> implements Source<T, KafkaPartitionSplit, KafkaSourceEnumState>,
        ResultTypeQueryable<T> {
    private static final long serialVersionUID = 1L;

    private final KafkaSource<T> source;

    /** @param source the connector's source, built as usual */
    public BacklogKafkaSource(KafkaSource<T> source) {
        this.source = source;
    }

    @Override
    public Boundedness getBoundedness() {
        return source.getBoundedness();
    }

    @Override
    public SourceReader<T, KafkaPartitionSplit> createReader(SourceReaderContext context) throws Exception {
        return source.createReader(new Context(context));
    }

    @Override
    public SplitEnumerator<KafkaPartitionSplit, KafkaSourceEnumState> createEnumerator(
            SplitEnumeratorContext<KafkaPartitionSplit> context) {
        return source.createEnumerator(context);
    }

    @Override
    public SplitEnumerator<KafkaPartitionSplit, KafkaSourceEnumState> restoreEnumerator(
            SplitEnumeratorContext<KafkaPartitionSplit> context, KafkaSourceEnumState checkpoint) throws Exception {
        return source.restoreEnumerator(context, checkpoint);
    }

    @Override
    public SimpleVersionedSerializer<KafkaPartitionSplit> getSplitSerializer() {
        return source.getSplitSerializer();
    }

    @Override
    public SimpleVersionedSerializer<KafkaSourceEnumState> getEnumeratorCheckpointSerializer() {
        return source.getEnumeratorCheckpointSerializer();
    }

    @Override
    public TypeInformation<T> getProducedType() {
        return source.getProducedType();
    }

    /** The reader's context with the metric group that mirrors {@code pendingRecords}. */
    private static final class Context implements SourceReaderContext {
        private final SourceReaderContext context;
        private final SourceReaderMetricGroup metrics;

        Context(SourceReaderContext context) {
            this.context = context;
            this.metrics = new PendingRecordsAsQueueSize(context.metricGroup());
        }

        @Override
        public SourceReaderMetricGroup metricGroup() {
            return metrics;
        }

        @Override
        public Configuration getConfiguration() {
            return context.getConfiguration();
        }

        @Override
        public String getLocalHostName() {
            return context.getLocalHostName();
        }

        @Override
        public int getIndexOfSubtask() {
            return context.getIndexOfSubtask();
        }

        @Override
        public void sendSplitRequest() {
            context.sendSplitRequest();
        }

        @Override
        public void sendSourceEventToCoordinator(SourceEvent event) {
            context.sendSourceEventToCoordinator(event);
        }

        @Override
        public UserCodeClassLoader getUserCodeClassLoader() {
            return context.getUserCodeClassLoader();
        }

        @Override
        public int currentParallelism() {
            return context.currentParallelism();
        }
    }
}
