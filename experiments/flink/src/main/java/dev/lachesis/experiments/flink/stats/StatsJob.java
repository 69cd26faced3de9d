package dev.lachesis.experiments.flink.stats;

import dev.lachesis.experiments.etl.GenerateSenml;
import dev.lachesis.experiments.flink.CountingSource;
import dev.lachesis.experiments.flink.etl.EtlJob;
import dev.lachesis.experiments.flink.etl.EtlReading;
import dev.lachesis.experiments.flink.etl.EtlRow;
import dev.lachesis.experiments.flink.etl.LatencySinkFunction;
import dev.lachesis.experiments.flink.etl.PublishFunction;
import java.nio.file.Path;
import java.util.List;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * RIoTBench's STATS query as a Flink job, the same ten operators and logic as the Storm topology:
 * {@code source → parse → (average, kalman-filter → regression, distinct-count) → accumulate →
 * plot → publish, sink}. The same SenML records as ETL ({@link GenerateSenml}) are replayed by the
 * {@link dev.lachesis.sources.flink.FileReplaySource}, so records due but not yet emitted wait in the source
 * ({@code source-queue-size}); the source counts what it emits ({@link CountingSource}). Average and
 * the Kalman filter are keyed by sensor, regression and accumulate by series; distinct-count sees
 * every reading. Chaining is disabled and every operator has one subtask, so each is a task thread
 * of its own, like Storm's executors. The sink sees about one chart per three records, so whether
 * the job keeps up is judged at its source ({@code KeepUpMeasure}).
 *
 * <p>Job vertices (task threads {@code <vertex> (1/1)#<attempt>}): {@code Source: source},
 * {@code parse}, {@code average}, {@code kalman-filter}, {@code regression}, {@code distinct-count},
 * {@code accumulate}, {@code plot}, {@code publish}, {@code sink}.
 */
public final class StatsJob {
    /** The job name the Flink driver and {@code /jobs/overview} show. */
    public static final String JOB_NAME = "lachesis-stats";

    /** The operators, in data-flow order, as named in the job. */
    public static final List<String> OPERATORS = List.of("source", "parse", "average", "kalman-filter", "regression",
            "distinct-count", "accumulate", "plot", "publish", "sink");
    /**
     * The heaviest operator, which the sweep's STATIC mode favours by hand (then the source). Measured
     * as a user would, with the kernel alone beyond saturation: one OS trial at 16,000 t/s (the
     * saturation search's first rate it fell behind at, keeping up with 15,132), one core, 60-s window
     * after a 40-s warm-up ({@code saturation --spe flink --query stats --from 16000 --bisections 2}),
     * the CPU time of each task thread over the window from {@code /proc/<pid>/task/<tid>/stat}
     * ({@code cpu_share} in {@code operators.csv}), in share of one core: plot 0.273, distinct-count
     * 0.186, parse 0.148, kalman-filter 0.075, regression 0.071, average 0.057, accumulate 0.053,
     * source 0.016, sink 0.008, publish 0.007 (on Storm accumulate is the heaviest, why not measured).
     * The input queues were longest at accumulate (3,842), regression (3,733) and kalman-filter (2,859),
     * plot's 737, the source's backlog 277,000.
     */
    public static final String HEAVIEST = "plot";

    private StatsJob() {
    }

    /**
     * Adds the job to {@code env}, disabling chaining in it.
     *
     * @param input the file to replay, one SenML record per line
     * @param recordsPerSecond the input rate
     */
    public static void build(StreamExecutionEnvironment env, Path input, double recordsPerSecond) {
        DataStream<EtlReading> readings = EtlJob.parsedReadings(env, input, recordsPerSecond);
        DataStream<StatsPoint> averages = readings.keyBy(r -> r.sensor, Types.STRING)
                .flatMap(new AverageFunction()).name("average");
        DataStream<StatsPoint> predictions = readings.keyBy(r -> r.sensor, Types.STRING)
                .flatMap(new KalmanFilterFunction()).name("kalman-filter")
                .keyBy(p -> p.series, Types.STRING).flatMap(new RegressionFunction()).name("regression");
        DataStream<StatsPoint> distinct = readings.flatMap(new DistinctCountFunction()).name("distinct-count");
        DataStream<EtlRow> charts = averages.union(predictions, distinct)
                .keyBy(p -> p.series, Types.STRING).flatMap(new AccumulateFunction()).name("accumulate")
                .map(new PlotFunction()).name("plot");
        charts.flatMap(new PublishFunction()).name("publish");
        charts.flatMap(new LatencySinkFunction()).name("sink");
    }
}
