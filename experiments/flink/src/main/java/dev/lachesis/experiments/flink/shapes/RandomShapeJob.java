package dev.lachesis.experiments.flink.shapes;

import dev.lachesis.experiments.flink.CountingSource;
import dev.lachesis.experiments.shapes.RandomShape;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * A {@link RandomShape} as a Flink job, the same operators and logic as its Storm topology: the source
 * a {@link DataGeneratorSource} with a user's fixed-rate generator ({@link ScheduledGenerator},
 * publishing its backlog when the shape says so), every operator a flat-map with the shape's
 * parallelism over the union of its inputs, the sink over every operator no other one reads;
 * chaining disabled, so each is a task thread of its own. The harness counts what the source emits
 * ({@link CountingSource}). Which operator is heaviest is not declared: the benchmark measures it in
 * the kernel-alone trial, as a user would.
 */
public final class RandomShapeJob {
    private RandomShapeJob() {
    }

    /** The job name of {@code shape}: {@code lachesis-random-<seed>}. */
    public static String jobName(RandomShape shape) {
        return "lachesis-" + shape.label();
    }

    /** Adds {@code shape}'s job, its source generating {@code recordsPerSecond} records, to {@code env}, disabling chaining in it. */
    public static void build(StreamExecutionEnvironment env, RandomShape shape, double recordsPerSecond) {
        env.disableOperatorChaining();
        env.setParallelism(1);
        Map<String, DataStream<ShapeRecord>> streams = new HashMap<>();
        streams.put(RandomShape.SOURCE, env.fromSource(CountingSource.of(new DataGeneratorSource<>(
                        new ScheduledGenerator(recordsPerSecond, shape.seed(), shape.sourcePublishesBacklog()),
                        Long.MAX_VALUE, TypeInformation.of(ShapeRecord.class))), WatermarkStrategy.noWatermarks(),
                RandomShape.SOURCE));
        for (RandomShape.Node node : shape.operators()) {
            streams.put(node.name(), union(streams, node.inputs()).flatMap(new StepFunction(node.step()))
                    .name(node.name()).setParallelism(node.parallelism()));
        }
        union(streams, shape.sinkInputs()).flatMap(new ShapeSinkFunction()).name(RandomShape.SINK);
    }

    private static DataStream<ShapeRecord> union(Map<String, DataStream<ShapeRecord>> streams, List<String> names) {
        DataStream<ShapeRecord> first = streams.get(names.get(0));
        if (names.size() == 1) {
            return first;
        }
        @SuppressWarnings("unchecked")
        DataStream<ShapeRecord>[] rest = names.subList(1, names.size()).stream().map(streams::get)
                .toArray(DataStream[]::new);
        return first.union(rest);
    }
}
