package dev.lachesis.experiments.storm1;

import java.util.concurrent.CountDownLatch;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Tuple;

/** The end of the query: tells the (local-mode) JVM when the first tuple arrived. */
public final class CountingSink extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;
    /** Open once a sink task of this JVM received a tuple. */
    static final CountDownLatch FIRST_TUPLE = new CountDownLatch(1);

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        FIRST_TUPLE.countDown();
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        // a sink declares no stream
    }
}
