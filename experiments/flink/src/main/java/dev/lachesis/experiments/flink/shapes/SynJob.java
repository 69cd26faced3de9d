package dev.lachesis.experiments.flink.shapes;

import dev.lachesis.experiments.flink.CountingSource;
import dev.lachesis.experiments.shapes.Syn;
import java.util.List;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * One SYN query as a Flink job ({@link Syn}): {@code q<n>-source → q<n>-op1 → q<n>-op2 → q<n>-op3 →
 * q<n>-sink}, one subtask each, chaining disabled, so each is a task thread of its own. The source
 * generates the query's own seeded records at its rate ({@link ScheduledGenerator}) and publishes no
 * backlog, as a user's generator would; the harness counts what it emits ({@link CountingSource}).
 * Several queries run as several jobs of one cluster, their operators named apart.
 */
public final class SynJob {
    private SynJob() {
    }

    /** The job name of query {@code q} (0-based): {@code lachesis-syn-q<q+1>}. */
    public static String jobName(int q) {
        return "lachesis-syn-q" + (q + 1);
    }

    /**
     * Adds query {@code q} (0-based) with {@code operators}, generating {@code recordsPerSecond}
     * records of {@code seed}'s sequence for that query, to {@code env}, disabling chaining in it.
     */
    public static void build(StreamExecutionEnvironment env, int q, List<Syn.Operator> operators, double recordsPerSecond,
                             long seed) {
        env.disableOperatorChaining();
        env.setParallelism(1);
        DataStream<ShapeRecord> records = env.fromSource(CountingSource.of(new DataGeneratorSource<>(
                        new ScheduledGenerator(recordsPerSecond, seed + q), Long.MAX_VALUE,
                        TypeInformation.of(ShapeRecord.class))), WatermarkStrategy.noWatermarks(), Syn.sourceName(q));
        for (Syn.Operator operator : operators) {
            records = records.flatMap(new StepFunction(operator)).name(operator.operator());
        }
        records.flatMap(new ShapeSinkFunction()).name(Syn.sinkName(q));
    }
}
