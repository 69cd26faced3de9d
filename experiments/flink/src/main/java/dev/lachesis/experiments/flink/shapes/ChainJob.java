package dev.lachesis.experiments.flink.shapes;

import dev.lachesis.experiments.flink.CountingSource;
import dev.lachesis.experiments.shapes.Chain;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * The chain query as a Flink job, the same operators and logic ({@link Chain}) as the Storm topology:
 * {@code source → light → heavy → expand → medium → filter → medium-heavy → sink}, one subtask each,
 * chaining disabled. The source is a {@link DataGeneratorSource} with a generator as a user writes one
 * ({@link ScheduledGenerator}), which publishes no backlog; the harness counts what it emits
 * ({@link CountingSource}) for the throughput at the source.
 *
 * <p>Job vertices (task threads {@code <vertex> (1/1)#<attempt>}): {@code Source: source},
 * {@code light}, {@code heavy}, {@code expand}, {@code medium}, {@code filter}, {@code medium-heavy},
 * {@code sink}. Where the CPU goes beyond saturation, one core, OS alone: see {@link #HEAVIEST}.
 */
public final class ChainJob {
    /** The job name the Flink driver and {@code /jobs/overview} show. */
    public static final String JOB_NAME = "lachesis-chain";

    /**
     * The operator that takes the most CPU: {@code heavy}. Measured as a user would, with the kernel
     * alone beyond saturation: the job alone on CPU 0 at 2500 t/s (OS kept up with about 1700 t/s in
     * short trials), each task thread's CPU time from {@code /proc/<pid>/task/<tid>/stat} over 40 s
     * after the first 60 s, in share of one core: heavy 0.348, medium 0.145, medium-heavy 0.118,
     * filter 0.011, expand 0.008, light 0.006, sink 0.002, source 0.001. The source fell behind its
     * schedule (end-to-end latency 22 s against 5 s inside Flink). The machine was shared with other
     * engineers' work (the JVM got 0.71 of the core), so only the order counts.
     */
    public static final String HEAVIEST = "heavy";

    private ChainJob() {
    }

    /** Adds the job, generating {@code recordsPerSecond} records of the standard seed, to {@code env}, disabling chaining in it. */
    public static void build(StreamExecutionEnvironment env, double recordsPerSecond) {
        env.disableOperatorChaining();
        env.setParallelism(1);
        DataStream<ShapeRecord> records = env.fromSource(CountingSource.of(new DataGeneratorSource<>(
                        new ScheduledGenerator(recordsPerSecond, Chain.STANDARD_SEED), Long.MAX_VALUE,
                        TypeInformation.of(ShapeRecord.class))), WatermarkStrategy.noWatermarks(), "source");
        for (Chain.Step step : Chain.Step.values()) {
            records = records.flatMap(new StepFunction(step)).name(step.operator());
        }
        records.flatMap(new ShapeSinkFunction()).name("sink");
    }
}
