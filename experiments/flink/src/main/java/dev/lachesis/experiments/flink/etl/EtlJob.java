package dev.lachesis.experiments.flink.etl;

import dev.lachesis.experiments.etl.GenerateSenml;
import dev.lachesis.experiments.flink.CountingSource;
import dev.lachesis.sources.FileReplaySettings;
import dev.lachesis.sources.flink.FileReplaySource;
import dev.lachesis.sources.flink.StampedLine;
import java.nio.file.Path;
import java.util.List;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * RIoTBench's ETL query as a Flink job, the same ten operators and logic as the Storm topology:
 * {@code source → parse → range-filter → bloom-filter → interpolation → join → annotate →
 * csv-to-senml → publish, sink}. The source is the {@link FileReplaySource} users add to their jobs,
 * replaying a file of SenML records ({@link GenerateSenml}) at the input rate, so records due but
 * not yet emitted wait in the source, where the Flink driver reads them as {@code source-queue-size};
 * the source counts what it emits ({@link CountingSource}) for the throughput at the source.
 * Bloom filter and join are keyed by message id and interpolation by sensor, as their state
 * requires. Chaining is disabled and every operator has one subtask, so each is a task thread of its
 * own, like Storm's executors; {@code publish} and {@code sink} end the job without a Flink sink
 * operator. The sink records latencies into the JVM's sink statistics.
 *
 * <p>Its heaviest operator, the one the sweep's STATIC mode favours (nice −20, the source −10, the
 * rest 0), is {@code bloom-filter}, measured as a user would with the kernel alone beyond
 * saturation: one OS trial at 44000 t/s on one core, 60-s window after a 40-s warm-up
 * ({@code sweep --spe flink --query etl --rates 44000 --modes OS --reps 1 --warm-up 40s --measure 60s}),
 * the CPU time of each task thread over the window from {@code /proc/<pid>/task/<tid>/stat} (utime +
 * stime, {@code cpu_share} in {@code operators.csv}), in share of one core: bloom-filter 0.188, join
 * 0.173, csv-to-senml 0.097, parse 0.094, interpolation 0.085, range-filter 0.074, sink 0.019,
 * source 0.018, annotate 0.018, publish 0.016. The input queues agree (Flink's back-pressure fills
 * the queues in front of the bottleneck): bloom-filter 3,119 and range-filter 2,946, the others
 * below 1,000. The machine was shared with other engineers' work then (the query did 12,720 t/s with
 * 0.97 of the core, a third of what it does alone), so only the order counts, and join is close.
 *
 * <p>Job vertices (task threads {@code <vertex> (1/1)#<attempt>}): {@code Source: source},
 * {@code parse}, {@code range-filter}, {@code bloom-filter}, {@code interpolation}, {@code join},
 * {@code annotate}, {@code csv-to-senml}, {@code publish}, {@code sink}.
 */
public final class EtlJob {
    /** The job name the Flink driver and {@code /jobs/overview} show. */
    public static final String JOB_NAME = "lachesis-etl";

    /** The operators, in data-flow order, as named in the job (Flink prefixes the source's vertex with {@code Source: }). */
    public static final List<String> OPERATORS = List.of("source", "parse", "range-filter", "bloom-filter",
            "interpolation", "join", "annotate", "csv-to-senml", "publish", "sink");
    /** The heaviest operator, which the sweep's STATIC mode favours by hand; the class comment says how it was measured. */
    public static final String HEAVIEST = "bloom-filter";

    private EtlJob() {
    }

    /**
     * Adds the job to {@code env}, disabling chaining in it.
     *
     * @param input the file to replay, one SenML record per line
     * @param recordsPerSecond the input rate
     */
    public static void build(StreamExecutionEnvironment env, Path input, double recordsPerSecond) {
        DataStream<EtlRow> converted = parsedReadings(env, input, recordsPerSecond)
                .flatMap(new RangeFilterFunction()).name("range-filter")
                .keyBy(r -> r.msgId, Types.STRING).flatMap(new BloomFilterFunction()).name("bloom-filter")
                .keyBy(r -> r.sensor, Types.STRING).map(new InterpolationFunction()).name("interpolation")
                .keyBy(r -> r.msgId, Types.STRING).flatMap(new JoinFunction()).name("join")
                .map(new AnnotateFunction()).name("annotate")
                .map(new CsvToSenmlFunction()).name("csv-to-senml");
        converted.flatMap(new PublishFunction()).name("publish");
        converted.flatMap(new LatencySinkFunction()).name("sink");
    }

    /**
     * The start ETL and STATS share, added to {@code env} with chaining disabled and one subtask per
     * operator: {@code source} replaying {@code input} at {@code recordsPerSecond} (counted,
     * {@link CountingSource}), then {@code parse}, one reading per element.
     */
    public static DataStream<EtlReading> parsedReadings(StreamExecutionEnvironment env, Path input,
                                                         double recordsPerSecond) {
        env.disableOperatorChaining();
        env.setParallelism(1);
        DataStream<StampedLine> lines = env.fromSource(
                CountingSource.of(FileReplaySource.of(FileReplaySettings.of(input).withRate(recordsPerSecond), "source")),
                WatermarkStrategy.noWatermarks(), "source");
        return lines.flatMap(new ParseFunction()).name("parse");
    }
}
