package dev.lachesis.experiments.storm.lr;

import dev.lachesis.experiments.lr.PositionReport;
import dev.lachesis.experiments.lr.SegmentVehicleCounter;
import dev.lachesis.experiments.storm.TimedTuples;
import java.util.Map;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Tuple;

/** Linear Road's distinct vehicles per segment and minute ({@link SegmentVehicleCounter}). */
final class CountVehiclesBolt extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;
    private transient SegmentVehicleCounter counter;

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context) {
        counter = new SegmentVehicleCounter();
    }

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        for (Object event : counter.add((PositionReport) LrTuples.event(input))) {
            collector.emit(TimedTuples.timed(input, LrTuples.xway(input), event));
        }
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(LrTuples.EVENT);
    }
}
