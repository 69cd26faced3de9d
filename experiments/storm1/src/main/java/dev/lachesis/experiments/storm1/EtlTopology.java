package dev.lachesis.experiments.storm1;

import java.nio.file.Path;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.topology.TopologyBuilder;
import org.apache.storm.tuple.Fields;

/**
 * RIoTBench's ETL query on Storm 1.x, the 2023 paper's workload on its SPE, with the operators,
 * groupings and parallelism of the Storm 2 query (experiments/storm): {@code source → parse →
 * range-filter → bloom-filter → interpolation → join → annotate → csv-to-senml → publish, sink}. The
 * source replays a file of SenML records ({@link ReplaySpout}); interpolation is grouped by sensor
 * and join by message id, as their state requires. Run it without ackers, so no tuple is replayed
 * under overload and no acker executor competes for the CPU.
 */
final class EtlTopology {
    private EtlTopology() {
    }

    /** The topology replaying {@code input}, one SenML record per line, at {@code recordsPerSecond}. */
    static StormTopology build(Path input, double recordsPerSecond) {
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("source", new ReplaySpout(input, recordsPerSecond), 1);
        builder.setBolt("parse", new StageBolt(EtlStage.PARSE), 1).shuffleGrouping("source");
        builder.setBolt("range-filter", new StageBolt(EtlStage.RANGE_FILTER), 1).shuffleGrouping("parse");
        builder.setBolt("bloom-filter", new StageBolt(EtlStage.BLOOM_FILTER), 1)
                .fieldsGrouping("range-filter", new Fields("msg-id"));
        builder.setBolt("interpolation", new StageBolt(EtlStage.INTERPOLATION), 1)
                .fieldsGrouping("bloom-filter", new Fields("sensor"));
        builder.setBolt("join", new StageBolt(EtlStage.JOIN), 1).fieldsGrouping("interpolation", new Fields("msg-id"));
        builder.setBolt("annotate", new StageBolt(EtlStage.ANNOTATE), 1).shuffleGrouping("join");
        builder.setBolt("csv-to-senml", new StageBolt(EtlStage.CSV_TO_SENML), 1).shuffleGrouping("annotate");
        builder.setBolt("publish", new StageBolt(EtlStage.PUBLISH), 1).shuffleGrouping("csv-to-senml");
        builder.setBolt("sink", new StageBolt(EtlStage.SINK), 1).shuffleGrouping("csv-to-senml");
        return builder.createTopology();
    }
}
