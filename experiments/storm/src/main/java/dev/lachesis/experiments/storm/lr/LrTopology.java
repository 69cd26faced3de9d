package dev.lachesis.experiments.storm.lr;

import dev.lachesis.experiments.lr.StampedReport;
import dev.lachesis.experiments.storm.CountingSpout;
import dev.lachesis.experiments.storm.LatencySink;
import dev.lachesis.sources.storm.BacklogKafkaSpout;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.kafka.spout.FirstPollOffsetStrategy;
import org.apache.storm.kafka.spout.KafkaSpoutConfig;
import org.apache.storm.topology.TopologyBuilder;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Values;

/**
 * Linear Road (Arasu et al., VLDB 2004) on Storm, the operators of the 2023 paper's LR query:
 * {@code source → dispatcher → (average-speed → last-average-speed, count-vehicles,
 * accident-detection) → (toll-notification, accident-notification) → sink}. The spout is the
 * {@link BacklogKafkaSpout} users add to their topologies, reading {@link StampedReport stamped
 * position reports} from a topic from its earliest offset, so what waits in Kafka is the spout's
 * {@code source-queue-size}; it counts what it emits ({@link CountingSpout}). Every operator after
 * the dispatcher is grouped by expressway; the toll notification takes the reports, LAVs, counts and
 * accidents, the accident notification the reports and accidents. The sink sees one toll notification
 * per segment a vehicle enters (about one report in two) and an alert per entry with an accident
 * ahead, so whether the query keeps up is judged at its source.
 */
public final class LrTopology {
    /** The operators, in data-flow order. */
    public static final List<String> COMPONENTS = List.of("source", "dispatcher", "average-speed", "last-average-speed",
            "count-vehicles", "accident-detection", "toll-notification", "accident-notification", "sink");
    /** The consumer group the spout reads as. */
    public static final String GROUP = "lachesis-lr";
    /** The spout's one field: the Kafka record's value. */
    static final String VALUE_FIELD = "value";
    /**
     * The heaviest operator, which the sweep's STATIC mode favours by hand (then the source). Measured
     * as a user would, with the kernel alone beyond saturation: the OS trials of the LR sweep at
     * 38,000 t/s, park waits, one core, 60-s windows after a 40-s warm-up, 3 repetitions
     * ({@code experiments/results/storm-lr-park}), the CPU time of each operator's executor thread over
     * the window from {@code /proc/<pid>/task/<tid>/stat} ({@code cpu_share} in {@code operators.csv}),
     * in share of one core: toll-notification 0.143, dispatcher 0.101, source 0.083,
     * accident-notification 0.079, average-speed 0.075, count-vehicles 0.069, accident-detection 0.062,
     * last-average-speed 0.047, sink 0.046. The queues agree: the input queues of dispatcher and
     * toll-notification were full (32,640 and 32,581 of 32,768), the other bolts' below 500 (the spout's
     * backlog in Kafka 1.4 million).
     */
    public static final String HEAVIEST = "toll-notification";
    /** The kind of a toll notification at the sink. */
    static final String TOLL = "toll";
    /** The kind of an accident alert at the sink. */
    static final String ACCIDENT = "accident";

    private LrTopology() {
    }

    /**
     * The topology reading {@code topic} of the Kafka cluster at {@code bootstrapServers}.
     *
     * @param bootstrapServers {@code host:port[,…]}
     */
    public static StormTopology build(String bootstrapServers, String topic) {
        KafkaSpoutConfig<String, String> kafka = KafkaSpoutConfig.builder(bootstrapServers, topic)
                .setProp(ConsumerConfig.GROUP_ID_CONFIG, GROUP)
                .setFirstPollOffsetStrategy(FirstPollOffsetStrategy.EARLIEST)
                .setRecordTranslator(LrTopology::value, new Fields(VALUE_FIELD))
                .build();
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("source", new CountingSpout(new BacklogKafkaSpout<>(kafka)), 1);
        builder.setBolt("dispatcher", new DispatcherBolt(), 1).shuffleGrouping("source");
        builder.setBolt("average-speed", new AverageSpeedBolt(), 1).fieldsGrouping("dispatcher", LrTuples.BY_EXPRESSWAY);
        builder.setBolt("last-average-speed", new LastAverageSpeedBolt(), 1)
                .fieldsGrouping("average-speed", LrTuples.BY_EXPRESSWAY);
        builder.setBolt("count-vehicles", new CountVehiclesBolt(), 1).fieldsGrouping("dispatcher", LrTuples.BY_EXPRESSWAY);
        builder.setBolt("accident-detection", new AccidentDetectionBolt(), 1)
                .fieldsGrouping("dispatcher", LrTuples.BY_EXPRESSWAY);
        builder.setBolt("toll-notification", new TollNotificationBolt(), 1)
                .fieldsGrouping("dispatcher", LrTuples.BY_EXPRESSWAY)
                .fieldsGrouping("last-average-speed", LrTuples.BY_EXPRESSWAY)
                .fieldsGrouping("count-vehicles", LrTuples.BY_EXPRESSWAY)
                .fieldsGrouping("accident-detection", LrTuples.BY_EXPRESSWAY);
        builder.setBolt("accident-notification", new AccidentNotificationBolt(), 1)
                .fieldsGrouping("dispatcher", LrTuples.BY_EXPRESSWAY)
                .fieldsGrouping("accident-detection", LrTuples.BY_EXPRESSWAY);
        builder.setBolt("sink", new LatencySink(), 1)
                .shuffleGrouping("toll-notification")
                .shuffleGrouping("accident-notification");
        return builder.createTopology();
    }

    private static List<Object> value(ConsumerRecord<String, String> record) {
        return new Values(record.value());
    }
}
