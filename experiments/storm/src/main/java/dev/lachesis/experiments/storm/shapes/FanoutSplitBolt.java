package dev.lachesis.experiments.storm.shapes;

import dev.lachesis.experiments.shapes.Fanout;
import dev.lachesis.sources.storm.FileReplaySpout;
import java.util.Map;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Tuple;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The fanout query's parse: finds each replayed record's message id ({@link Fanout#parse}), keys the
 * record by it and emits it on the stream of its branch ({@link Fanout#branch}), named after the
 * branch's operator.
 */
final class FanoutSplitBolt extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(FanoutSplitBolt.class);
    private transient boolean warned;

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context) {
        warned = false;
    }

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        long key;
        try {
            key = Fanout.key(Fanout.parse(input.getStringByField(FileReplaySpout.RECORD_FIELD)));
        } catch (IllegalArgumentException e) {
            if (!warned) {
                warned = true;
                LOG.warn("Dropping records without a message id, such as {}", e.getMessage());
            }
            return;
        }
        collector.emit(Fanout.branch(key).operator(), ShapeTuples.of(
                input.getLongByField(FileReplaySpout.PRODUCED_AT_FIELD) * 1000,
                input.getLongByField(FileReplaySpout.EMITTED_AT_FIELD), key, 0, key));
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        for (Fanout.Step branch : new Fanout.Step[] {Fanout.Step.HEAVY, Fanout.Step.MEDIUM, Fanout.Step.LIGHT_FILTER}) {
            declarer.declareStream(branch.operator(), ShapeTuples.FIELDS);
        }
    }
}
