package dev.lachesis.experiments.storm.etl;

import dev.lachesis.experiments.storm.LatencySink;
import dev.lachesis.experiments.storm.RateLimitedSpout;
import java.util.List;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.topology.TopologyBuilder;
import org.apache.storm.tuple.Fields;

/**
 * RIoTBench's ETL query on Storm, ten operators: {@code source → parse → range-filter →
 * bloom-filter → interpolation → join → annotate → csv-to-senml → publish, sink}. The source replays
 * {@link SenmlRecordGenerator}'s records at a fixed rate; parse splits each into one tuple per
 * reading, which the next three operators clean, and join puts back together; {@code publish} stands
 * in for the MQTT publisher and {@code sink} measures latencies as in every example query.
 * Interpolation is grouped by sensor and join by message id, as their state requires.
 */
public final class EtlTopology {
    /** The operators, in data-flow order. */
    public static final List<String> COMPONENTS = List.of("source", "parse", "range-filter", "bloom-filter",
            "interpolation", "join", "annotate", "csv-to-senml", "publish", "sink");

    private EtlTopology() {
    }

    /** The topology at a total input rate, in records per second. */
    public static StormTopology build(double recordsPerSecond) {
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("source", new RateLimitedSpout(recordsPerSecond, SenmlRecordGenerator.standard()), 1);
        builder.setBolt("parse", new SenmlParseBolt(), 1).shuffleGrouping("source");
        builder.setBolt("range-filter", new RangeFilterBolt(), 1).shuffleGrouping("parse");
        builder.setBolt("bloom-filter", new BloomFilterBolt(), 1).fieldsGrouping("range-filter", new Fields("msg-id"));
        builder.setBolt("interpolation", new InterpolationBolt(), 1).fieldsGrouping("bloom-filter", new Fields("sensor"));
        builder.setBolt("join", new JoinBolt(), 1).fieldsGrouping("interpolation", new Fields("msg-id"));
        builder.setBolt("annotate", new AnnotateBolt(), 1).shuffleGrouping("join");
        builder.setBolt("csv-to-senml", new CsvToSenmlBolt(), 1).shuffleGrouping("annotate");
        builder.setBolt("publish", new PublishSink(), 1).shuffleGrouping("csv-to-senml");
        builder.setBolt("sink", new LatencySink(), 1).shuffleGrouping("csv-to-senml");
        return builder.createTopology();
    }
}
