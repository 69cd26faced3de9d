package dev.lachesis.experiments.storm.stats;

import dev.lachesis.experiments.stats.LinePlot;
import dev.lachesis.experiments.stats.SeriesAccumulator;
import dev.lachesis.experiments.storm.TimedTuples;
import java.util.ArrayList;
import java.util.List;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Tuple;

/** STATS's plot: draws each batch of a series as a line chart ({@link LinePlot}). */
final class PlotBolt extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        String series = input.getStringByField("series");
        long[] times = (long[]) input.getValueByField("times-ms");
        double[] values = (double[]) input.getValueByField("values");
        List<SeriesAccumulator.Point> points = new ArrayList<>(times.length);
        for (int i = 0; i < times.length; i++) {
            points.add(new SeriesAccumulator.Point(times[i], values[i]));
        }
        collector.emit(TimedTuples.timed(input, series, LinePlot.svg(series, points)));
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(StatsTuples.CHART);
    }
}
