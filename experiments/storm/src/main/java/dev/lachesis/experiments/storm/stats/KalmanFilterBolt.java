package dev.lachesis.experiments.storm.stats;

import dev.lachesis.experiments.stats.KalmanFilter;
import dev.lachesis.experiments.storm.TimedTuples;
import java.util.Map;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Tuple;

/** STATS's Kalman filter ({@link KalmanFilter}): each reading becomes the smoothed estimate of its series. */
final class KalmanFilterBolt extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;
    private transient KalmanFilter filter;

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context) {
        filter = new KalmanFilter();
    }

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        double value = StatsTuples.readingValue(input);
        if (!Double.isNaN(value)) {
            String series = StatsTuples.readingSeries(input);
            collector.emit(TimedTuples.timed(input, series, StatsTuples.readingTime(input), filter.update(series, value)));
        }
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(StatsTuples.POINT);
    }
}
