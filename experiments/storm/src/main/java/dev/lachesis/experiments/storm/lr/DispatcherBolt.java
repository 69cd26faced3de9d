package dev.lachesis.experiments.storm.lr;

import dev.lachesis.experiments.lr.PositionReport;
import dev.lachesis.experiments.lr.StampedReport;
import dev.lachesis.experiments.lr.StampedReportReader;
import dev.lachesis.experiments.measure.EpochMicros;
import java.util.Map;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.Values;

/**
 * Linear Road's dispatcher: reads each Kafka value as a {@link StampedReport} and passes its position
 * report on with its production time and the time it left the spout (the dispatcher's clock stands
 * in for the spout's: the Kafka spout stamps nothing). Values that are not stamped position reports
 * are dropped, logged once ({@link StampedReportReader}).
 */
final class DispatcherBolt extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;
    private transient StampedReportReader reader;

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context) {
        reader = new StampedReportReader();
    }

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        reader.read(input.getStringByField(LrTopology.VALUE_FIELD)).ifPresent(stamped -> {
            PositionReport report = stamped.report();
            collector.emit(new Values(stamped.producedAtMicros(), EpochMicros.now(), report.xway(), report));
        });
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(LrTuples.EVENT);
    }
}
