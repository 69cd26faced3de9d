package dev.lachesis.experiments.storm1;

import java.nio.file.Path;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.topology.TopologyBuilder;
import org.apache.storm.tuple.Fields;

/**
 * RIoTBench's STATS query on Storm 1.x, with the operators, groupings and parallelism of the Storm 2
 * query (experiments/storm): {@code source → parse → (average, kalman-filter → regression,
 * distinct-count) → accumulate → plot → publish, sink}. The source replays a file of SenML records
 * ({@link ReplaySpout}, which publishes its backlog as {@code source-queue-size}); parse is the ETL
 * query's. The sink sees about one tuple per three records, so whether the query keeps up is judged
 * at the source. Run it without ackers, as ETL.
 */
final class StatsTopology {
    private StatsTopology() {
    }

    /** The topology replaying {@code input}, one SenML record per line, at {@code recordsPerSecond}. */
    static StormTopology build(Path input, double recordsPerSecond) {
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("source", new ReplaySpout(input, recordsPerSecond), 1);
        builder.setBolt("parse", new StageBolt(EtlStage.PARSE), 1).shuffleGrouping("source");
        builder.setBolt("average", new StageBolt(StatsStage.AVERAGE), 1).fieldsGrouping("parse", new Fields("sensor"));
        builder.setBolt("kalman-filter", new StageBolt(StatsStage.KALMAN_FILTER), 1)
                .fieldsGrouping("parse", new Fields("sensor"));
        builder.setBolt("regression", new StageBolt(StatsStage.REGRESSION), 1)
                .fieldsGrouping("kalman-filter", new Fields("series"));
        builder.setBolt("distinct-count", new StageBolt(StatsStage.DISTINCT_COUNT), 1).globalGrouping("parse");
        builder.setBolt("accumulate", new StageBolt(StatsStage.ACCUMULATE), 1)
                .fieldsGrouping("average", new Fields("series"))
                .fieldsGrouping("regression", new Fields("series"))
                .fieldsGrouping("distinct-count", new Fields("series"));
        builder.setBolt("plot", new StageBolt(StatsStage.PLOT), 1).shuffleGrouping("accumulate");
        builder.setBolt("publish", new StageBolt(EtlStage.PUBLISH), 1).shuffleGrouping("plot");
        builder.setBolt("sink", new StageBolt(EtlStage.SINK), 1).shuffleGrouping("plot");
        return builder.createTopology();
    }
}
