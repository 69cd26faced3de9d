package dev.lachesis.experiments.storm.etl;

import dev.lachesis.experiments.etl.DuplicateFilter;
import dev.lachesis.experiments.storm.TimedTuples;
import java.util.Map;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Tuple;

/** ETL's Bloom filter: drops readings of a record seen before (same message id and field). */
final class BloomFilterBolt extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;
    private static final int GENERATION = 1 << 20;
    private transient DuplicateFilter seen;

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context) {
        seen = new DuplicateFilter(GENERATION, 1e-4);
    }

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        if (seen.firstTime(TimedTuples.own(input, 0) + "/" + TimedTuples.own(input, 3))) {
            collector.emit(input.getValues());
        }
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(EtlTuples.READING);
    }
}
