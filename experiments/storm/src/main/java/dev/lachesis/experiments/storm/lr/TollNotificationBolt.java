package dev.lachesis.experiments.storm.lr;

import dev.lachesis.experiments.lr.AccidentDetector.AccidentEvent;
import dev.lachesis.experiments.lr.LatestAverageSpeed.SegmentLav;
import dev.lachesis.experiments.lr.PositionReport;
import dev.lachesis.experiments.lr.SegmentVehicleCounter.SegmentCount;
import dev.lachesis.experiments.lr.TollNotifier;
import dev.lachesis.experiments.storm.TimedTuples;
import java.util.Map;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Tuple;

/**
 * Linear Road's toll notification ({@link TollNotifier}), fed the reports, LAVs, vehicle counts and
 * accidents: one notification per vehicle entering a segment, with the toll, timed by the report.
 */
final class TollNotificationBolt extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;
    private transient TollNotifier notifier;

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context) {
        notifier = new TollNotifier();
    }

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        Object event = LrTuples.event(input);
        if (event instanceof PositionReport report) {
            notifier.position(report).ifPresent(toll ->
                    collector.emit(TimedTuples.timed(input, LrTopology.TOLL, toll.toString())));
        } else if (event instanceof SegmentLav lav) {
            notifier.lav(lav);
        } else if (event instanceof SegmentCount count) {
            notifier.count(count);
        } else if (event instanceof AccidentEvent accident) {
            notifier.accident(accident);
        }
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(LrTuples.NOTIFICATION);
    }
}
