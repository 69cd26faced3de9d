package dev.lachesis.experiments.storm.lr;

import dev.lachesis.experiments.lr.LatestAverageSpeed;
import dev.lachesis.experiments.lr.VehicleSpeedAverager.VehicleSpeed;
import dev.lachesis.experiments.storm.TimedTuples;
import java.util.Map;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Tuple;

/** Linear Road's latest average velocity of each segment ({@link LatestAverageSpeed}), once a minute. */
final class LastAverageSpeedBolt extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;
    private transient LatestAverageSpeed lavs;

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context) {
        lavs = new LatestAverageSpeed();
    }

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        for (Object event : lavs.add((VehicleSpeed) LrTuples.event(input))) {
            collector.emit(TimedTuples.timed(input, LrTuples.xway(input), event));
        }
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(LrTuples.EVENT);
    }
}
