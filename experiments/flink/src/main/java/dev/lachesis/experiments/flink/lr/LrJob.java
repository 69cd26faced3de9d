package dev.lachesis.experiments.flink.lr;

import dev.lachesis.experiments.flink.CountingSource;
import dev.lachesis.experiments.flink.etl.EtlRow;
import dev.lachesis.experiments.flink.etl.LatencySinkFunction;
import dev.lachesis.experiments.lr.StampedReport;
import dev.lachesis.sources.flink.BacklogKafkaSource;
import java.util.List;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.serialization.SimpleStringSchema;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.KeyedStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * Linear Road (Arasu et al., VLDB 2004) as a Flink job, the operators of the 2023 paper's LR query:
 * {@code source → dispatcher → (average-speed → last-average-speed, count-vehicles,
 * accident-detection) → (toll-notification, accident-notification) → sink}. The source reads
 * {@link StampedReport stamped position reports} from a Kafka topic through the
 * {@link BacklogKafkaSource}, so what waits in Kafka is the source's {@code source-queue-size}; it
 * counts what it emits ({@link CountingSource}). Every operator after the dispatcher is keyed by
 * expressway; the toll notification takes the reports, LAVs, counts and accidents as one union, the
 * accident notification the reports and accidents. Chaining is disabled and every operator has one
 * subtask, so each is a task thread of its own. The sink sees one toll notification per segment a
 * vehicle enters (11,071 for the standard fleet's first 24,000 reports, about one in two) and an
 * alert per entry with an accident ahead, so whether the job keeps up is judged at its source.
 *
 * <p>Job vertices (task threads {@code <vertex> (1/1)#<attempt>}): {@code Source: source},
 * {@code dispatcher}, {@code average-speed}, {@code last-average-speed}, {@code count-vehicles},
 * {@code accident-detection}, {@code toll-notification}, {@code accident-notification}, {@code sink}.
 */
public final class LrJob {
    /** The job name the Flink driver and {@code /jobs/overview} show. */
    public static final String JOB_NAME = "lachesis-lr";
    /** The consumer group the source reads as. */
    public static final String GROUP = "lachesis-lr";
    /** The operators, in data-flow order, as named in the job. */
    public static final List<String> OPERATORS = List.of("source", "dispatcher", "average-speed", "last-average-speed",
            "count-vehicles", "accident-detection", "toll-notification", "accident-notification", "sink");
    /**
     * The heaviest operator, which the sweep's STATIC mode favours by hand (then the source). Measured
     * as a user would, with the kernel alone beyond saturation: the OS trials of the LR sweep at
     * 175,000 t/s, one core, 60-s windows after a 40-s warm-up, 3 repetitions
     * ({@code experiments/results/flink-lr}), the CPU time of each task thread over the window from
     * {@code /proc/<pid>/task/<tid>/stat} ({@code cpu_share} in {@code operators.csv}), in share of one
     * core: dispatcher 0.277, toll-notification 0.164, average-speed 0.104, count-vehicles 0.079,
     * accident-notification 0.060, accident-detection 0.057, last-average-speed 0.038, source 0.033,
     * sink 0.029. The queues agree: the dispatcher's input queue was the longest inside the job (4,696
     * records, toll-notification's 1,697, the others below 900; the source's backlog in Kafka 6.3 million).
     */
    public static final String HEAVIEST = "dispatcher";
    /** The message id of a toll notification at the sink. */
    static final String TOLL = "toll";
    /** The message id of an accident alert at the sink. */
    static final String ACCIDENT = "accident";

    private LrJob() {
    }

    /**
     * Adds the job to {@code env}, disabling chaining in it.
     *
     * @param bootstrapServers the Kafka cluster, {@code host:port[,…]}
     * @param topic the topic of stamped position reports, read from its earliest offset
     */
    public static void build(StreamExecutionEnvironment env, String bootstrapServers, String topic) {
        env.disableOperatorChaining();
        env.setParallelism(1);
        KafkaSource<String> kafka = KafkaSource.<String>builder()
                .setBootstrapServers(bootstrapServers)
                .setTopics(topic)
                .setGroupId(GROUP)
                .setStartingOffsets(OffsetsInitializer.earliest())
                .setValueOnlyDeserializer(new SimpleStringSchema())
                .build();
        DataStream<LrEvent> reports = env.fromSource(CountingSource.of(BacklogKafkaSource.of(kafka, bootstrapServers)),
                        WatermarkStrategy.noWatermarks(), "source")
                .flatMap(new DispatchFunction()).name("dispatcher");
        DataStream<LrEvent> lavs = byExpressway(byExpressway(reports).flatMap(new AverageSpeedFunction()).name("average-speed"))
                .flatMap(new LastAverageSpeedFunction()).name("last-average-speed");
        DataStream<LrEvent> counts = byExpressway(reports).flatMap(new CountVehiclesFunction()).name("count-vehicles");
        DataStream<LrEvent> accidents = byExpressway(reports).flatMap(new AccidentDetectionFunction())
                .name("accident-detection");
        DataStream<EtlRow> tolls = byExpressway(reports.union(lavs, counts, accidents))
                .flatMap(new TollNotificationFunction()).name("toll-notification");
        DataStream<EtlRow> alerts = byExpressway(reports.union(accidents))
                .flatMap(new AccidentNotificationFunction()).name("accident-notification");
        tolls.union(alerts).flatMap(new LatencySinkFunction()).name("sink");
    }

    private static KeyedStream<LrEvent, Integer> byExpressway(DataStream<LrEvent> events) {
        return events.keyBy(LrEvent::xway, Types.INT);
    }
}
