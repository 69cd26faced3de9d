package dev.lachesis.experiments.storm.shapes;

import dev.lachesis.experiments.shapes.RandomShape;
import dev.lachesis.experiments.storm.CountingSpout;
import dev.lachesis.experiments.storm.LatencySink;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.topology.BoltDeclarer;
import org.apache.storm.topology.TopologyBuilder;

/**
 * A {@link RandomShape} on Storm: the source a spout as a user writes one ({@link ScheduledSpout},
 * publishing its backlog when the shape says so), every operator a bolt with the shape's number of
 * executors reading each of its inputs through a shuffle grouping, the sink reading every operator
 * no other one reads. Which operator is heaviest is not declared: the benchmark measures it in the
 * kernel-alone trial, as a user would.
 */
public final class RandomShapeTopology {
    private RandomShapeTopology() {
    }

    /** The topology of {@code shape}, its source generating {@code recordsPerSecond} records. */
    public static StormTopology build(RandomShape shape, double recordsPerSecond) {
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout(RandomShape.SOURCE, new CountingSpout(new ScheduledSpout(recordsPerSecond, shape.seed(),
                shape.sourcePublishesBacklog())), 1);
        for (RandomShape.Node node : shape.operators()) {
            BoltDeclarer bolt = builder.setBolt(node.name(), new StepBolt(node.step()), node.parallelism());
            node.inputs().forEach(bolt::shuffleGrouping);
        }
        BoltDeclarer sink = builder.setBolt(RandomShape.SINK, new LatencySink(), 1);
        shape.sinkInputs().forEach(sink::shuffleGrouping);
        return builder.createTopology();
    }
}
