package dev.lachesis.experiments.storm;

import com.codahale.metrics.Counter;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Tuple;

/**
 * Stands in for RIoTBench's publishers (ETL's MQTT publish, STATS's chart upload), a query's second
 * sink: encodes the payload, the second of the tuple's own fields ({@link TimedTuples}), as the
 * UTF-8 bytes a publish would send and counts messages and bytes (metrics v2 counters
 * {@code published} and {@code published-bytes}), with no broker to wait for.
 */
public final class PublishSink extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;
    private transient Counter published;
    private transient Counter publishedBytes;

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context) {
        published = context.registerCounter("published");
        publishedBytes = context.registerCounter("published-bytes");
    }

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        publishedBytes.inc(((String) TimedTuples.own(input, 1)).getBytes(StandardCharsets.UTF_8).length);
        published.inc();
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        // a sink emits nothing
    }
}
