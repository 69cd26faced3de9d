package dev.lachesis.experiments.flink.shapes;

import dev.lachesis.experiments.flink.CountingSource;
import dev.lachesis.experiments.shapes.Fanout;
import dev.lachesis.sources.FileReplaySettings;
import dev.lachesis.sources.flink.FileReplaySource;
import java.nio.file.Path;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * The fanout query as a Flink job, the same operators and logic ({@link Fanout}) as the Storm
 * topology: {@code source → parse → heavy (×2) | medium | light-filter → merge → sink}. The source is
 * the {@link FileReplaySource} replaying the ETL query's SenML records at the input rate (it publishes
 * its backlog as {@code source-queue-size}; the harness counts what it emits, {@link CountingSource});
 * parse sends the heavy branch's records on its main output and the others on side outputs; the
 * heavy branch's two subtasks take their records by key; merge takes the union of the three branches. Chaining is disabled, so every operator is a task thread.
 *
 * <p>Job vertices (task threads {@code <vertex> (i/n)#<attempt>}): {@code Source: source},
 * {@code parse}, {@code heavy} (2 subtasks), {@code medium}, {@code light-filter}, {@code merge},
 * {@code sink}. Where the CPU goes beyond saturation, one core, OS alone: see {@link #HEAVIEST}.
 */
public final class FanoutJob {
    /** The job name the Flink driver and {@code /jobs/overview} show. */
    public static final String JOB_NAME = "lachesis-fanout";

    /**
     * The operator that takes the most CPU: {@code heavy}, both subtasks. Measured as a user would,
     * with the kernel alone beyond saturation: the job alone on CPU 0 at 5000 t/s (OS kept up with
     * about 3800 t/s in short trials), each task thread's CPU time from
     * {@code /proc/<pid>/task/<tid>/stat} over 40 s after the first 60 s, in share of one core: heavy
     * 0.619 (0.310 + 0.309), medium 0.077, merge 0.039, parse 0.010, source 0.008 (its reader thread
     * 0.012 more), sink 0.005, light-filter 0.003. The machine was shared with other engineers' work
     * (the JVM got 0.88 of the core), so only the order counts.
     */
    public static final String HEAVIEST = "heavy";

    private FanoutJob() {
    }

    /**
     * Adds the job to {@code env}, disabling chaining in it.
     *
     * @param input the file to replay, one SenML record per line
     * @param recordsPerSecond the input rate
     */
    public static void build(StreamExecutionEnvironment env, Path input, double recordsPerSecond) {
        env.disableOperatorChaining();
        env.setParallelism(1);
        SingleOutputStreamOperator<ShapeRecord> split = env.fromSource(
                        CountingSource.of(FileReplaySource.of(FileReplaySettings.of(input).withRate(recordsPerSecond),
                                "source")),
                        WatermarkStrategy.noWatermarks(), "source")
                .process(new FanoutSplitFunction()).name("parse");
        DataStream<ShapeRecord> heavy = split.keyBy(r -> r.key, Types.LONG)
                .flatMap(new StepFunction(Fanout.Step.HEAVY)).name(Fanout.Step.HEAVY.operator())
                .setParallelism(Fanout.HEAVY_PARALLELISM);
        DataStream<ShapeRecord> medium = split.getSideOutput(FanoutSplitFunction.MEDIUM)
                .flatMap(new StepFunction(Fanout.Step.MEDIUM)).name(Fanout.Step.MEDIUM.operator());
        DataStream<ShapeRecord> light = split.getSideOutput(FanoutSplitFunction.LIGHT_FILTER)
                .flatMap(new StepFunction(Fanout.Step.LIGHT_FILTER)).name(Fanout.Step.LIGHT_FILTER.operator());
        heavy.union(medium, light)
                .flatMap(new StepFunction(Fanout.Step.MERGE)).name(Fanout.Step.MERGE.operator())
                .flatMap(new ShapeSinkFunction()).name("sink");
    }
}
