package dev.lachesis.sources.storm;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.storm.task.OutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseRichBolt;
import org.apache.storm.tuple.Tuple;

/**
 * The held-back consumer: it takes no tuple while its gate is closed, then counts, remembers and
 * acknowledges every tuple. The state is static because the in-process cluster deserializes its
 * own copy of the bolt; one test uses it at a time.
 */
public class GatedBolt extends BaseRichBolt {
    private static final long serialVersionUID = 1L;

    static volatile CountDownLatch gate = new CountDownLatch(0);
    static final AtomicLong RECEIVED = new AtomicLong();
    static final AtomicLong FIRST_PRODUCED_AT = new AtomicLong(-1);
    static final AtomicLong FIRST_EMITTED_AT = new AtomicLong(-1);
    static final Set<String> SEEN = ConcurrentHashMap.newKeySet();

    private transient OutputCollector collector;

    static void reset(boolean closed) {
        gate = new CountDownLatch(closed ? 1 : 0);
        RECEIVED.set(0);
        FIRST_PRODUCED_AT.set(-1);
        FIRST_EMITTED_AT.set(-1);
        SEEN.clear();
    }

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
        this.collector = collector;
    }

    @Override
    public void execute(Tuple tuple) {
        try {
            gate.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        if (tuple.contains(FileReplaySpout.PRODUCED_AT_FIELD)) {
            FIRST_EMITTED_AT.compareAndSet(-1, tuple.getLongByField(FileReplaySpout.EMITTED_AT_FIELD));
            FIRST_PRODUCED_AT.compareAndSet(-1, tuple.getLongByField(FileReplaySpout.PRODUCED_AT_FIELD));
            SEEN.add(tuple.getStringByField(FileReplaySpout.RECORD_FIELD));
        } else {
            SEEN.add(tuple.getStringByField("value"));
        }
        RECEIVED.incrementAndGet();
        collector.ack(tuple);
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        // A sink.
    }
}
