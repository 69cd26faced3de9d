package dev.lachesis.experiments.storm.stats;

import dev.lachesis.experiments.etl.GenerateSenml;
import dev.lachesis.experiments.storm.CountingSpout;
import dev.lachesis.experiments.storm.LatencySink;
import dev.lachesis.experiments.storm.PublishSink;
import dev.lachesis.experiments.storm.etl.SenmlParseBolt;
import dev.lachesis.sources.FileReplaySettings;
import dev.lachesis.sources.storm.FileReplaySpout;
import java.nio.file.Path;
import java.util.List;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.topology.TopologyBuilder;
import org.apache.storm.tuple.Fields;

/**
 * RIoTBench's STATS query on Storm, ten operators: {@code source → parse → (average,
 * kalman-filter → regression, distinct-count) → accumulate → plot → publish, sink}. The same
 * SenML records as ETL ({@link GenerateSenml}) are replayed by the {@link FileReplaySpout}, so the
 * records due but not yet emitted wait in the spout ({@code source-queue-size}); parse splits each
 * record into its readings, and three branches compute statistics over them: the block-window
 * average of each sensor's field, a Kalman filter whose estimates a sliding linear regression
 * extrapolates, and an approximate count of distinct sensors. The accumulator gathers each
 * statistic's series into batches that the plot draws; {@code publish} stands in for RIoTBench's
 * upload of the chart and {@code sink} measures latencies as in every example query. The sink sees
 * about one tuple per three records (each record's five readings yield about six points, twenty
 * points a chart), so the throughput that tells whether the query keeps up is the source's.
 * Grouped by sensor or series wherever an operator keeps state per series.
 */
public final class StatsTopology {
    /** The operators, in data-flow order. */
    public static final List<String> COMPONENTS = List.of("source", "parse", "average", "kalman-filter", "regression",
            "distinct-count", "accumulate", "plot", "publish", "sink");

    /**
     * The heaviest operator, which the sweep's STATIC mode favours by hand (then the source).
     * Measured as a user would, with the kernel alone beyond saturation: the saturation search's OS
     * trial at 4293 t/s, park waits, one core, 60-s window after a 40-s warm-up
     * ({@code saturation --spe storm --query stats --wait-strategy park --from 6000 --bisections 2
     * --warm-up 40s --measure 60s}), the CPU time of each operator's executor thread over the window
     * from {@code /proc/<pid>/task/<tid>/stat} ({@code cpu_share} in {@code operators.csv}), in share
     * of one core: accumulate 0.113, plot 0.091, distinct-count 0.090, kalman-filter 0.082,
     * regression 0.081, average 0.071, parse 0.064, sink 0.027, source 0.026, publish 0.024. The
     * queues agree: the input queues of accumulate, kalman-filter, regression and parse sat at their
     * capacity (32,768), the others below 1,400.
     */
    public static final String HEAVIEST = "accumulate";

    private StatsTopology() {
    }

    /** The topology replaying {@code input}, one SenML record per line, at {@code recordsPerSecond}. */
    public static StormTopology build(Path input, double recordsPerSecond) {
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("source", new CountingSpout(new FileReplaySpout(FileReplaySettings.of(input)
                .withRate(recordsPerSecond))), 1);
        builder.setBolt("parse", new SenmlParseBolt(), 1).shuffleGrouping("source");
        builder.setBolt("average", new AverageBolt(), 1).fieldsGrouping("parse", new Fields("sensor"));
        builder.setBolt("kalman-filter", new KalmanFilterBolt(), 1).fieldsGrouping("parse", new Fields("sensor"));
        builder.setBolt("regression", new RegressionBolt(), 1).fieldsGrouping("kalman-filter", new Fields("series"));
        builder.setBolt("distinct-count", new DistinctCountBolt(), 1).globalGrouping("parse");
        builder.setBolt("accumulate", new AccumulateBolt(), 1)
                .fieldsGrouping("average", new Fields("series"))
                .fieldsGrouping("regression", new Fields("series"))
                .fieldsGrouping("distinct-count", new Fields("series"));
        builder.setBolt("plot", new PlotBolt(), 1).shuffleGrouping("accumulate");
        builder.setBolt("publish", new PublishSink(), 1).shuffleGrouping("plot");
        builder.setBolt("sink", new LatencySink(), 1).shuffleGrouping("plot");
        return builder.createTopology();
    }
}
