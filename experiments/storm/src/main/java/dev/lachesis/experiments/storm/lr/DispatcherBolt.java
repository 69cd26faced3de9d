package dev.lachesis.experiments.storm.lr;

import dev.lachesis.experiments.lr.PositionReport;
import dev.lachesis.experiments.lr.StampedReport;
import dev.lachesis.experiments.measure.EpochMicros;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.Values;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Linear Road's dispatcher: reads each Kafka value as a {@link StampedReport} and passes its position
 * report on with its production time and the time it left the spout (the dispatcher's clock stands
 * in for the spout's: the Kafka spout stamps nothing). Values that are not stamped position reports
 * are dropped, logged once.
 */
final class DispatcherBolt extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(DispatcherBolt.class);
    private transient boolean warned;

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        StampedReport stamped;
        try {
            stamped = StampedReport.parse(input.getStringByField(LrTopology.VALUE_FIELD));
        } catch (IllegalArgumentException e) {
            if (!warned) {
                warned = true;
                LOG.warn("Dropping values that are not stamped position reports, such as: {}", e.getMessage());
            }
            return;
        }
        PositionReport report = stamped.report();
        collector.emit(new Values(stamped.producedAtMicros(), EpochMicros.now(), report.xway(), report));
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(LrTuples.EVENT);
    }
}
