package dev.lachesis.experiments.flink.stats;

import dev.lachesis.experiments.flink.etl.EtlReading;
import dev.lachesis.experiments.stats.KalmanFilter;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichFlatMapFunction;
import org.apache.flink.util.Collector;

/** STATS's Kalman filter ({@link KalmanFilter}): each reading becomes its series' estimate; keyed by sensor. */
final class KalmanFilterFunction extends RichFlatMapFunction<EtlReading, StatsPoint> {
    private static final long serialVersionUID = 1L;
    private transient KalmanFilter filter;

    @Override
    public void open(OpenContext openContext) {
        filter = new KalmanFilter();
    }

    @Override
    public void flatMap(EtlReading reading, Collector<StatsPoint> out) {
        if (!Double.isNaN(reading.value)) {
            String series = StatsPoint.seriesOf(reading);
            out.collect(StatsPoint.of(reading, series, filter.update(series, reading.value)));
        }
    }
}
