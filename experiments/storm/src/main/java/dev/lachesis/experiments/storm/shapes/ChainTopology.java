package dev.lachesis.experiments.storm.shapes;

import dev.lachesis.experiments.shapes.Chain;
import dev.lachesis.experiments.storm.CountingSpout;
import dev.lachesis.experiments.storm.LatencySink;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.topology.BoltDeclarer;
import org.apache.storm.topology.TopologyBuilder;

/**
 * The chain query on Storm ({@link Chain}): {@code source → light → heavy → expand → medium → filter
 * → medium-heavy → sink}, one executor each, shuffle groupings. The source is a spout as a user
 * writes one ({@link ScheduledSpout}), which publishes no backlog; the harness counts what it emits
 * ({@link CountingSpout}) for the throughput at the source.
 *
 * <p>Where the CPU goes beyond saturation, one core, OS alone: see {@link #HEAVIEST}.
 */
public final class ChainTopology {
    /**
     * The operator that takes the most CPU: {@code heavy} (150 µs per source record, against 60 for
     * medium's three and 50 for medium-heavy). Measured as a user would, with the kernel alone beyond
     * saturation: the topology alone on CPU 0 at 1000 t/s (park waits; OS kept up with about 710 t/s
     * in short trials), each executor thread's CPU time from {@code /proc/<pid>/task/<tid>/stat} over
     * 40 s after the first 60 s, in share of one core: heavy 0.226, medium 0.114, medium-heavy 0.093,
     * filter 0.043, expand 0.038, light 0.035, sink 0.034, source 0.031. Storm's cost per tuple
     * (about 30 µs per executor on that machine) weighs on the light operators. The machine was
     * shared with other engineers' work (the JVM got 0.84 of the core, 0.14 of it the JIT compiler),
     * so only the order counts; a 30-s window at 4000 t/s gave the same (0.194, 0.101, 0.082).
     */
    public static final String HEAVIEST = "heavy";

    private ChainTopology() {
    }

    /** The topology generating {@code recordsPerSecond} records of the standard seed. */
    public static StormTopology build(double recordsPerSecond) {
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("source", new CountingSpout(new ScheduledSpout(recordsPerSecond, Chain.STANDARD_SEED, false)), 1);
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
