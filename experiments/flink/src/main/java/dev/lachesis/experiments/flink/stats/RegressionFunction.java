package dev.lachesis.experiments.flink.stats;

import dev.lachesis.experiments.stats.SlidingRegression;
import dev.lachesis.experiments.stats.StatsParameters;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichFlatMapFunction;
import org.apache.flink.util.Collector;

/**
 * STATS's sliding linear regression ({@link SlidingRegression}) over the Kalman filter's estimates,
 * keyed by series: once a window is full, each estimate yields the value predicted for the next.
 */
final class RegressionFunction extends RichFlatMapFunction<StatsPoint, StatsPoint> {
    private static final long serialVersionUID = 1L;
    private transient SlidingRegression regression;

    @Override
    public void open(OpenContext openContext) {
        regression = new SlidingRegression(StatsParameters.WINDOW);
    }

    @Override
    public void flatMap(StatsPoint estimate, Collector<StatsPoint> out) {
        double predicted = regression.add(estimate.series, estimate.value);
        if (!Double.isNaN(predicted)) {
            out.collect(StatsPoint.of(estimate, "regression/" + estimate.series, predicted));
        }
    }
}
