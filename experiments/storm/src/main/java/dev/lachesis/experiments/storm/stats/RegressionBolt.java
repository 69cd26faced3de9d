package dev.lachesis.experiments.storm.stats;

import dev.lachesis.experiments.stats.SlidingRegression;
import dev.lachesis.experiments.stats.StatsParameters;
import dev.lachesis.experiments.storm.TimedTuples;
import java.util.Map;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Tuple;

/**
 * STATS's sliding linear regression ({@link SlidingRegression}) over the Kalman filter's estimates:
 * once a series' window is full, each estimate yields the value predicted for the next.
 */
final class RegressionBolt extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;
    private transient SlidingRegression regression;

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context) {
        regression = new SlidingRegression(StatsParameters.WINDOW);
    }

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        String series = input.getStringByField("series");
        double predicted = regression.add(series, input.getDoubleByField("value"));
        if (!Double.isNaN(predicted)) {
            collector.emit(TimedTuples.timed(input, "regression/" + series, input.getLongByField("time-ms"), predicted));
        }
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(StatsTuples.POINT);
    }
}
