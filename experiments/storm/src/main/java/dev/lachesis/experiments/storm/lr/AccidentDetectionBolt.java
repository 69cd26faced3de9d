package dev.lachesis.experiments.storm.lr;

import dev.lachesis.experiments.lr.AccidentDetector;
import dev.lachesis.experiments.lr.PositionReport;
import dev.lachesis.experiments.storm.TimedTuples;
import java.util.Map;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Tuple;

/** Linear Road's accident detection ({@link AccidentDetector}): an event when an accident starts or clears. */
final class AccidentDetectionBolt extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;
    private transient AccidentDetector detector;

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context) {
        detector = new AccidentDetector();
    }

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        detector.add((PositionReport) LrTuples.event(input))
                .ifPresent(event -> collector.emit(TimedTuples.timed(input, LrTuples.xway(input), event)));
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(LrTuples.EVENT);
    }
}
