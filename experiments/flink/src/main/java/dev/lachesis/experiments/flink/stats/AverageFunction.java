package dev.lachesis.experiments.flink.stats;

import dev.lachesis.experiments.flink.etl.EtlReading;
import dev.lachesis.experiments.stats.BlockAverage;
import dev.lachesis.experiments.stats.StatsParameters;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichFlatMapFunction;
import org.apache.flink.util.Collector;

/** STATS's block-window average of each sensor's field ({@link BlockAverage}); keyed by sensor. */
final class AverageFunction extends RichFlatMapFunction<EtlReading, StatsPoint> {
    private static final long serialVersionUID = 1L;
    private transient BlockAverage average;

    @Override
    public void open(OpenContext openContext) {
        average = new BlockAverage(StatsParameters.BLOCK);
    }

    @Override
    public void flatMap(EtlReading reading, Collector<StatsPoint> out) {
        if (Double.isNaN(reading.value)) {
            return;
        }
        String series = StatsPoint.seriesOf(reading);
        double mean = average.add(series, reading.value);
        if (!Double.isNaN(mean)) {
            out.collect(StatsPoint.of(reading, "average/" + series, mean));
        }
    }
}
