package dev.lachesis.experiments.storm.etl;

import dev.lachesis.experiments.etl.SenmlParser;
import dev.lachesis.experiments.storm.TimedTuples;
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
 * The SenML parse operator of ETL and STATS: one record of {@link FileReplaySpout} becomes one tuple per reading
 * ({@link SenmlParser}), stamped with the record's timing fields.
 */
public final class SenmlParseBolt extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(SenmlParseBolt.class);
    private transient SenmlParser parser;
    private transient boolean warned;

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context) {
        parser = new SenmlParser();
    }

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        try {
            for (SenmlParser.Reading r : parser.parse(input.getStringByField(FileReplaySpout.RECORD_FIELD))) {
                collector.emit(TimedTuples.timedFromSpout(input, r.msgId(), r.sensor(), r.timeMs(), r.field(), r.value(),
                        r.readings()));
            }
        } catch (IllegalArgumentException e) {
            if (!warned) {
                warned = true;
                LOG.warn("Dropping records that are not SenML, such as one that is {}", e.getMessage());
            }
        }
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(EtlTuples.READING);
    }
}
