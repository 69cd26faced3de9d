package dev.lachesis.experiments.flink.stats;

import dev.lachesis.experiments.flink.etl.EtlRow;
import dev.lachesis.experiments.stats.LinePlot;
import dev.lachesis.experiments.stats.SeriesAccumulator;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.functions.MapFunction;

/** STATS's plot: draws each batch of a series as a line chart ({@link LinePlot}), a row under the series' name. */
final class PlotFunction implements MapFunction<StatsBatch, EtlRow> {
    private static final long serialVersionUID = 1L;

    @Override
    public EtlRow map(StatsBatch batch) {
        List<SeriesAccumulator.Point> points = new ArrayList<>(batch.timesMs.length);
        for (int i = 0; i < batch.timesMs.length; i++) {
            points.add(new SeriesAccumulator.Point(batch.timesMs[i], batch.values[i]));
        }
        EtlRow chart = new EtlRow();
        chart.producedAtMicros = batch.producedAtMicros;
        chart.emittedAtMicros = batch.emittedAtMicros;
        chart.msgId = batch.series;
        chart.row = LinePlot.svg(batch.series, points);
        return chart;
    }
}
