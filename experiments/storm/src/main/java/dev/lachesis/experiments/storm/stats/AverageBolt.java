package dev.lachesis.experiments.storm.stats;

import dev.lachesis.experiments.stats.BlockAverage;
import dev.lachesis.experiments.stats.StatsParameters;
import dev.lachesis.experiments.storm.TimedTuples;
import java.util.Map;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Tuple;

/** STATS's block-window average of each sensor's field ({@link BlockAverage}); one point per full block. */
final class AverageBolt extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;
    private transient BlockAverage average;

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context) {
        average = new BlockAverage(StatsParameters.BLOCK);
    }

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        double value = StatsTuples.readingValue(input);
        if (Double.isNaN(value)) {
            return;
        }
        String series = StatsTuples.readingSeries(input);
        double mean = average.add(series, value);
        if (!Double.isNaN(mean)) {
            collector.emit(TimedTuples.timed(input, "average/" + series, StatsTuples.readingTime(input), mean));
        }
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(StatsTuples.POINT);
    }
}
