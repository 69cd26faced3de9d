package dev.lachesis.sources.flink;

import java.util.Properties;
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
import org.apache.kafka.clients.consumer.ConsumerConfig;

/**
 * The Kafka connector's {@link KafkaSource}, unchanged, whose readers also publish
 * {@value SourceQueueSize#NAME}: for each partition a reader owns, the log-end offset minus the
 * offset after the last record it emitted, so both the records still in Kafka and those the
 * connector fetched but has not emitted count. The emitted offsets come from the connector's own
 * {@code currentOffset} gauges; the log-end offsets from a consumer that joins no group, asked
 * once per second on a thread of its own, so it needs the connection properties (at least
 * {@code bootstrap.servers}, plus any security settings).
 *
 * <p>The connector's FLIP-33 gauge {@code pendingRecords} (Kafka's {@code records-lag}: log-end
 * offset minus the consumer's position) is left as it is but is not used: the consumer only
 * updates it when it fetches, and under back-pressure, the very case Lachesis is for, it stops
 * fetching, so the figure freezes (measured: 49 while 940 records waited). Immutable and
 * serializable.
 *
 * <pre>{@code
 * KafkaSource<String> kafka = KafkaSource.<String>builder().setBootstrapServers(servers)...build();
 * env.fromSource(BacklogKafkaSource.of(kafka, servers), WatermarkStrategy.noWatermarks(), "readings");
 * }</pre>
 *
 * @param <T> the records' type
 */
public final class BacklogKafkaSource<T> implements Source<T, KafkaPartitionSplit, KafkaSourceEnumState>,
        ResultTypeQueryable<T> {
    private static final long serialVersionUID = 1L;

    private final KafkaSource<T> source;
    private final Properties consumerProperties;

    /**
     * @param source the connector's source, built as usual
     * @param consumerProperties how to reach the cluster: {@code bootstrap.servers} and any security settings
     */
    public BacklogKafkaSource(KafkaSource<T> source, Properties consumerProperties) {
        if (consumerProperties.getProperty(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG) == null) {
            throw new IllegalArgumentException("consumerProperties lack " + ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG);
        }
        this.source = source;
        this.consumerProperties = new Properties();
        this.consumerProperties.putAll(consumerProperties);
    }

    /** The source for a cluster reached at {@code bootstrapServers} without security settings. */
    public static <T> BacklogKafkaSource<T> of(KafkaSource<T> source, String bootstrapServers) {
        Properties props = new Properties();
        props.setProperty(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        return new BacklogKafkaSource<>(source, props);
    }

    @Override
    public Boundedness getBoundedness() {
        return source.getBoundedness();
    }

    @Override
    public SourceReader<T, KafkaPartitionSplit> createReader(SourceReaderContext context) throws Exception {
        String operator = context.metricGroup().getAllVariables().getOrDefault("<operator_name>", "kafka");
        KafkaBacklog backlog = new KafkaBacklog(consumerProperties,
                "lachesis-source-offsets-" + operator + "-" + context.getIndexOfSubtask());
        SourceReader<T, KafkaPartitionSplit> reader =
                source.createReader(new Context(context, new OffsetGaugeTap(context.metricGroup(), backlog::currentOffsetGauge)));
        return new BacklogKafkaSourceReader<>(reader, backlog, context.metricGroup());
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

    /** The reader's context with the metric group that hands over the offset gauges. */
    private static final class Context implements SourceReaderContext {
        private final SourceReaderContext context;
        private final SourceReaderMetricGroup metrics;

        Context(SourceReaderContext context, SourceReaderMetricGroup metrics) {
            this.context = context;
            this.metrics = metrics;
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
