package dev.lachesis.experiments.storm.etl;

import com.codahale.metrics.Counter;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Tuple;

/**
 * Stands in for RIoTBench ETL's MQTT publisher, the query's second sink: encodes each SenML pack as
 * the UTF-8 payload a publish would send and counts messages and bytes (metrics v2 counters
 * {@code published} and {@code published-bytes}), with no broker to wait for.
 */
final class PublishSink extends BaseBasicBolt {
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
        publishedBytes.inc(((String) EtlTuples.own(input, 1)).getBytes(StandardCharsets.UTF_8).length);
        published.inc();
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        // a sink emits nothing
    }
}
