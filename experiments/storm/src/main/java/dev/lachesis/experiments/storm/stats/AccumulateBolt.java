package dev.lachesis.experiments.storm.stats;

import dev.lachesis.experiments.stats.SeriesAccumulator;
import dev.lachesis.experiments.stats.StatsParameters;
import dev.lachesis.experiments.storm.TimedTuples;
import java.util.List;
import java.util.Map;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Tuple;

/**
 * STATS's accumulator ({@link SeriesAccumulator}): gathers the points of the average, regression and
 * distinct-count series and emits each full batch as two arrays (times, values), which Storm
 * serialises without registration.
 */
final class AccumulateBolt extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;
    private transient SeriesAccumulator accumulator;

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context) {
        accumulator = new SeriesAccumulator(StatsParameters.BATCH);
    }

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        String series = input.getStringByField("series");
        List<SeriesAccumulator.Point> batch = accumulator.add(series, input.getLongByField("time-ms"),
                input.getDoubleByField("value"));
        if (!batch.isEmpty()) {
            long[] times = batch.stream().mapToLong(SeriesAccumulator.Point::timeMs).toArray();
            double[] values = batch.stream().mapToDouble(SeriesAccumulator.Point::value).toArray();
            collector.emit(TimedTuples.timed(input, series, times, values));
        }
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(StatsTuples.BATCH);
    }
}
