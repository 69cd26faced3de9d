package dev.lachesis.experiments.storm;

import com.codahale.metrics.Counter;
import com.codahale.metrics.Histogram;
import dev.lachesis.experiments.measure.EpochMicros;
import dev.lachesis.experiments.measure.SinkStats;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Tuple;

/**
 * The end of the example queries: counts the tuples that made it through and records each one's
 * end-to-end latency (now minus the time the spout was due to produce it) in Storm metrics v2, so
 * both reach Graphite with the topology's other metrics as {@code completed} and
 * {@code latency-ms}. The JVM-wide count also tells the launcher, in local mode, that tuples flow,
 * and {@link SinkStats} gets both latencies in microseconds for the launcher's sink reports. It reads
 * the fields {@value #PRODUCED_AT_FIELD} and {@value #EMITTED_AT_FIELD} by name, which every query
 * forwards from its spout to its sink.
 */
public final class LatencySink extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;
    /** The field holding the tuple's production time, epoch microseconds. */
    public static final String PRODUCED_AT_FIELD = "produced-at-us";
    /** The field holding the time the spout emitted the tuple into Storm, epoch microseconds. */
    public static final String EMITTED_AT_FIELD = "emitted-at-us";

    private static final AtomicLong COMPLETED_IN_THIS_JVM = new AtomicLong();

    private transient Counter completed;
    private transient Histogram latencyMillis;

    /** Tuples all sinks in this JVM have received; in local mode, the whole topology's output. */
    public static long completedInThisJvm() {
        return COMPLETED_IN_THIS_JVM.get();
    }

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context) {
        completed = context.registerCounter("completed");
        latencyMillis = context.registerHistogram("latency-ms");
    }

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        long nowMicros = EpochMicros.now();
        long endToEndMicros = nowMicros - input.getLongByField(PRODUCED_AT_FIELD);
        SinkStats.jvm().record(nowMicros - input.getLongByField(EMITTED_AT_FIELD), endToEndMicros);
        latencyMillis.update(endToEndMicros / 1000);
        completed.inc();
        COMPLETED_IN_THIS_JVM.incrementAndGet();
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        // a sink emits nothing
    }
}
