package dev.lachesis.experiments.flink.stats;

import dev.lachesis.experiments.stats.SeriesAccumulator;
import dev.lachesis.experiments.stats.StatsParameters;
import java.util.List;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichFlatMapFunction;
import org.apache.flink.util.Collector;

/** STATS's accumulator ({@link SeriesAccumulator}), keyed by series: each full batch goes on to the plot. */
final class AccumulateFunction extends RichFlatMapFunction<StatsPoint, StatsBatch> {
    private static final long serialVersionUID = 1L;
    private transient SeriesAccumulator accumulator;

    @Override
    public void open(OpenContext openContext) {
        accumulator = new SeriesAccumulator(StatsParameters.BATCH);
    }

    @Override
    public void flatMap(StatsPoint point, Collector<StatsBatch> out) {
        List<SeriesAccumulator.Point> points = accumulator.add(point.series, point.timeMs, point.value);
        if (!points.isEmpty()) {
            StatsBatch batch = new StatsBatch();
            batch.producedAtMicros = point.producedAtMicros;
            batch.emittedAtMicros = point.emittedAtMicros;
            batch.series = point.series;
            batch.timesMs = points.stream().mapToLong(SeriesAccumulator.Point::timeMs).toArray();
            batch.values = points.stream().mapToDouble(SeriesAccumulator.Point::value).toArray();
            out.collect(batch);
        }
    }
}
