package dev.lachesis.experiments.storm.shapes;

import dev.lachesis.experiments.shapes.Chain;
import dev.lachesis.experiments.storm.LatencySink;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.topology.BoltDeclarer;
import org.apache.storm.topology.TopologyBuilder;

/**
 * The chain query on Storm ({@link Chain}): {@code source → light → heavy → expand → medium → filter
 * → medium-heavy → sink}, one executor each, shuffle groupings. The source is a spout as a user
 * writes one ({@link ScheduledSpout}), which publishes no backlog.
 *
 * <p>Where the CPU goes beyond saturation, one core, OS alone: see {@link #HEAVIEST}.
 */
public final class ChainTopology {
    /** The operator that takes the most CPU: {@code heavy} (150 µs per source record). */
    public static final String HEAVIEST = "heavy";

    private ChainTopology() {
    }

    /** The topology generating {@code recordsPerSecond} records of the standard seed. */
    public static StormTopology build(double recordsPerSecond) {
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("source", new ScheduledSpout(recordsPerSecond, Chain.STANDARD_SEED), 1);
        String previous = "source";
        for (Chain.Step step : Chain.Step.values()) {
            BoltDeclarer bolt = builder.setBolt(step.operator(), new StepBolt(step), 1);
            bolt.shuffleGrouping(previous);
            previous = step.operator();
        }
        builder.setBolt("sink", new LatencySink(), 1).shuffleGrouping(previous);
        return builder.createTopology();
    }
}
