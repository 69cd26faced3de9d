package dev.lachesis.experiments.storm.etl;

import dev.lachesis.experiments.etl.RecordJoiner;
import dev.lachesis.experiments.storm.TimedTuples;
import java.util.Map;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Tuple;

/** ETL's join: the readings of one record become one CSV row again ({@link RecordJoiner}). */
final class JoinBolt extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;
    private static final int PENDING_RECORDS = 100_000;
    private transient RecordJoiner joiner;

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context) {
        joiner = new RecordJoiner(PENDING_RECORDS);
    }

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        String msgId = (String) TimedTuples.own(input, 0);
        joiner.add(msgId, (String) TimedTuples.own(input, 1), (Long) TimedTuples.own(input, 2),
                        (String) TimedTuples.own(input, 3), (Double) TimedTuples.own(input, 4), (Integer) TimedTuples.own(input, 5))
                .ifPresent(row -> collector.emit(TimedTuples.timed(input, msgId, row)));
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(EtlTuples.ROW);
    }
}
