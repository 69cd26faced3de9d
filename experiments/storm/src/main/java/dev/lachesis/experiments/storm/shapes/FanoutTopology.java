package dev.lachesis.experiments.storm.shapes;

import dev.lachesis.experiments.shapes.Fanout;
import dev.lachesis.experiments.storm.CountingSpout;
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
 * SenML records at the input rate (it publishes its backlog as {@code source-queue-size}; the harness
 * counts what it emits, {@link CountingSpout}, for the throughput at the source); parse
 * emits each record on the stream of its branch, the heavy branch's two executors take their
 * records by key (fields grouping), and merge takes all three branches.
 *
 * <p>Where the CPU goes beyond saturation, one core, OS alone: see {@link #HEAVIEST}.
 */
public final class FanoutTopology {
    /**
     * The operator that takes the most CPU: {@code heavy}, both executors (250 µs on 40% of the
     * records, 100 µs per source record, against 12 µs for medium and 5 for merge). Measured as a
     * user would, with the kernel alone beyond saturation: the topology alone on CPU 0 at 3000 t/s
     * (park waits; OS kept up with about 2200 t/s in short trials), each executor thread's CPU time
     * from {@code /proc/<pid>/task/<tid>/stat} over 40 s after the first 60 s, in share of one core:
     * heavy 0.401 (0.200 + 0.200), medium 0.073, merge 0.067, parse 0.048, sink 0.048, light-filter
     * 0.037, source 0.037 (its reader thread 0.021 more). The machine was shared with other
     * engineers' work (the JVM got 0.95 of the core, 0.13 of it the JIT compiler), so only the order
     * counts; an earlier window gave the same (heavy 0.273, medium 0.066, merge 0.055). The heavy
     * executors' input queues held about 9,600 tuples each, the others' fewer than 5.
     */
    public static final String HEAVIEST = "heavy";

    private FanoutTopology() {
    }

    /** The topology replaying {@code input}, one SenML record per line, at {@code recordsPerSecond}. */
    public static StormTopology build(Path input, double recordsPerSecond) {
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("source", new CountingSpout(new FileReplaySpout(FileReplaySettings.of(input)
                .withRate(recordsPerSecond))), 1);
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
