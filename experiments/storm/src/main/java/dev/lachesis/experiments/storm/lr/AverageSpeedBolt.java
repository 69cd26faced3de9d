package dev.lachesis.experiments.storm.lr;

import dev.lachesis.experiments.lr.PositionReport;
import dev.lachesis.experiments.lr.VehicleSpeedAverager;
import dev.lachesis.experiments.storm.TimedTuples;
import java.util.Map;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Tuple;

/** Linear Road's average speed of each vehicle per segment and minute ({@link VehicleSpeedAverager}), with its minute markers. */
final class AverageSpeedBolt extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;
    private transient VehicleSpeedAverager averager;

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context) {
        averager = new VehicleSpeedAverager();
    }

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        for (Object event : averager.add((PositionReport) LrTuples.event(input))) {
            collector.emit(TimedTuples.timed(input, LrTuples.xway(input), event));
        }
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(LrTuples.EVENT);
    }
}
