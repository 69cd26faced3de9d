package dev.lachesis.experiments.storm.shapes;

import dev.lachesis.experiments.shapes.Fanout;
import dev.lachesis.experiments.storm.LatencySink;
import dev.lachesis.sources.FileReplaySettings;
import dev.lachesis.sources.storm.FileReplaySpout;
import java.nio.file.Path;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.topology.TopologyBuilder;
import org.apache.storm.tuple.Fields;

/**
 * The fanout query on Storm ({@link Fanout}): {@code source → parse → heavy (×2) | medium |
 * light-filter → merge → sink}. The source is the {@link FileReplaySpout} replaying the ETL query's
 * SenML records at the input rate (it publishes its backlog as {@code source-queue-size}); parse
 * emits each record on the stream of its branch, the heavy branch's two executors take their
 * records by key (fields grouping), and merge takes all three branches.
 *
 * <p>Where the CPU goes beyond saturation, one core, OS alone: see {@link #HEAVIEST}.
 */
public final class FanoutTopology {
    /**
     * The operator that takes the most CPU: {@code heavy}, both executors (250 µs on 40% of the
     * records, 100 µs per source record, against 12 µs for medium and 5 for merge).
     */
    public static final String HEAVIEST = "heavy";

    private FanoutTopology() {
    }

    /** The topology replaying {@code input}, one SenML record per line, at {@code recordsPerSecond}. */
    public static StormTopology build(Path input, double recordsPerSecond) {
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("source", new FileReplaySpout(FileReplaySettings.of(input).withRate(recordsPerSecond)), 1);
        builder.setBolt("parse", new FanoutSplitBolt(), 1).shuffleGrouping("source");
        builder.setBolt(Fanout.Step.HEAVY.operator(), new StepBolt(Fanout.Step.HEAVY), Fanout.HEAVY_PARALLELISM)
                .fieldsGrouping("parse", Fanout.Step.HEAVY.operator(), new Fields(ShapeTuples.KEY));
        builder.setBolt(Fanout.Step.MEDIUM.operator(), new StepBolt(Fanout.Step.MEDIUM), 1)
                .shuffleGrouping("parse", Fanout.Step.MEDIUM.operator());
        builder.setBolt(Fanout.Step.LIGHT_FILTER.operator(), new StepBolt(Fanout.Step.LIGHT_FILTER), 1)
                .shuffleGrouping("parse", Fanout.Step.LIGHT_FILTER.operator());
        builder.setBolt(Fanout.Step.MERGE.operator(), new StepBolt(Fanout.Step.MERGE), 1)
                .shuffleGrouping(Fanout.Step.HEAVY.operator())
                .shuffleGrouping(Fanout.Step.MEDIUM.operator())
                .shuffleGrouping(Fanout.Step.LIGHT_FILTER.operator());
        builder.setBolt("sink", new LatencySink(), 1).shuffleGrouping(Fanout.Step.MERGE.operator());
        return builder.createTopology();
    }
}
