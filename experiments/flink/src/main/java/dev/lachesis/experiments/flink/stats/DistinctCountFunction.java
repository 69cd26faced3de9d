package dev.lachesis.experiments.flink.stats;

import dev.lachesis.experiments.flink.etl.EtlReading;
import dev.lachesis.experiments.stats.DistinctCounter;
import dev.lachesis.experiments.stats.StatsParameters;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichFlatMapFunction;
import org.apache.flink.util.Collector;

/**
 * STATS's approximate distinct count ({@link DistinctCounter}) of the sensors that sent readings,
 * over all of them (one subtask); the estimate goes on as a point of series {@code distinct/sensors}
 * once every {@link StatsParameters#BLOCK} readings.
 */
final class DistinctCountFunction extends RichFlatMapFunction<EtlReading, StatsPoint> {
    private static final long serialVersionUID = 1L;
    private transient DistinctCounter counter;
    private transient long readings;

    @Override
    public void open(OpenContext openContext) {
        counter = new DistinctCounter(StatsParameters.DISTINCT_BUCKET_BITS);
    }

    @Override
    public void flatMap(EtlReading reading, Collector<StatsPoint> out) {
        double estimate = counter.add(reading.sensor);
        if (++readings % StatsParameters.BLOCK == 0) {
            out.collect(StatsPoint.of(reading, "distinct/sensors", estimate));
        }
    }
}
