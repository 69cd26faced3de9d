package dev.lachesis.experiments.storm;

import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Tuple;

/**
 * A cheap operator: forwards each tuple unchanged. It exists so the example queries have an
 * operator whose queue stays short while a heavier one downstream falls behind.
 */
public final class LightBolt extends BaseBasicBolt {
    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        collector.emit(input.getValues());
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(RateLimitedSpout.FIELDS);
    }
}
