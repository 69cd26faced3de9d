package dev.lachesis.experiments.storm.lr;

import dev.lachesis.experiments.lr.AccidentDetector.AccidentEvent;
import dev.lachesis.experiments.lr.AccidentNotifier;
import dev.lachesis.experiments.lr.PositionReport;
import dev.lachesis.experiments.storm.TimedTuples;
import java.util.Map;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Tuple;

/**
 * Linear Road's accident notification ({@link AccidentNotifier}), fed the reports and accidents: one
 * alert per vehicle entering a segment with an accident ahead, timed by the report.
 */
final class AccidentNotificationBolt extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;
    private transient AccidentNotifier notifier;

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context) {
        notifier = new AccidentNotifier();
    }

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        Object event = LrTuples.event(input);
        if (event instanceof PositionReport report) {
            notifier.position(report).ifPresent(alert ->
                    collector.emit(TimedTuples.timed(input, LrTopology.ACCIDENT, alert.toString())));
        } else if (event instanceof AccidentEvent accident) {
            notifier.accident(accident);
        }
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(LrTuples.NOTIFICATION);
    }
}
