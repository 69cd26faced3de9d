package dev.lachesis.experiments.storm.etl;

import dev.lachesis.experiments.etl.GenerateSenml;
import dev.lachesis.experiments.storm.CountingSpout;
import dev.lachesis.experiments.storm.LatencySink;
import dev.lachesis.experiments.storm.PublishSink;
import dev.lachesis.sources.FileReplaySettings;
import dev.lachesis.sources.storm.FileReplaySpout;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.storm.Config;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.topology.TopologyBuilder;
import org.apache.storm.tuple.Fields;

/**
 * RIoTBench's ETL query on Storm, ten operators: {@code source → parse → range-filter →
 * bloom-filter → interpolation → join → annotate → csv-to-senml → publish, sink}. The source is
 * the {@link FileReplaySpout} users add to their topologies, replaying a file of SenML records
 * ({@link GenerateSenml}) at the input rate, so the records due but not yet emitted wait in the
 * spout, where the Storm driver reads them as {@code source-queue-size}; the spout counts what it
 * emits ({@link CountingSpout}) for the throughput at the source. Parse splits each record
 * into one tuple per reading, which the next three operators clean, and join puts back together;
 * {@code publish} stands in for the MQTT publisher and {@code sink} measures latencies as in every
 * example query. Interpolation is grouped by sensor and join by message id, as their state requires.
 */
public final class EtlTopology {
    /** The operators, in data-flow order. */
    public static final List<String> COMPONENTS = List.of("source", "parse", "range-filter", "bloom-filter",
            "interpolation", "join", "annotate", "csv-to-senml", "publish", "sink");

    /**
     * The heaviest operator, which the sweep's STATIC mode favours by hand (then the source).
     * Measured as a user would, with the kernel alone beyond saturation: one OS trial at 14000 t/s,
     * park waits, one core, 60-s window after a 30-s warm-up
     * ({@code sweep --spe storm --query etl --wait-strategy park --rates 14000 --modes OS --reps 1
     * --warm-up 30s --measure 60s}), the CPU time of each operator's executor thread over the window
     * from {@code /proc/<pid>/task/<tid>/stat} (utime + stime, {@code cpu_share} in
     * {@code operators.csv}), in share of one core: join 0.072, parse 0.052, bloom-filter 0.046,
     * range-filter 0.044, interpolation 0.042, csv-to-senml 0.040, source 0.025, sink 0.023,
     * annotate 0.023, publish 0.020. An earlier trial gave the same order at the top (join 0.056,
     * parse 0.049). The machine was shared with other engineers' SPEs on the same core then (the
     * Storm JVM got 0.57 of it), so only the order counts; the queues agree: every input queue up to
     * join's sat at its capacity (32,768), those after it were empty.
     */
    public static final String HEAVIEST = "join";

    /**
     * The topology settings the query needs: no ackers, so the spout's tuples are acknowledged as
     * they are emitted and none is replayed after a timeout under overload (each record reaches the
     * sink once) and no acker executor competes for the CPU.
     */
    public static final Map<String, Object> SETTINGS = Map.of(Config.TOPOLOGY_ACKER_EXECUTORS, 0);

    private EtlTopology() {
    }

    /** The topology replaying {@code input}, one SenML record per line, at {@code recordsPerSecond}. */
    public static StormTopology build(Path input, double recordsPerSecond) {
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("source", new CountingSpout(new FileReplaySpout(FileReplaySettings.of(input)
                .withRate(recordsPerSecond))), 1);
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
