package dev.lachesis.experiments.storm;

import dev.lachesis.experiments.measure.EpochMicros;
import dev.lachesis.sources.storm.SourceQueueSize;
import java.util.Map;
import org.apache.storm.spout.SpoutOutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseRichSpout;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Values;

/**
 * The source of the example queries: emits tuples at a fixed total rate, each stamped with the
 * time it was due (its production time, in epoch milliseconds and microseconds) and the time it was
 * emitted into Storm (epoch microseconds), so the sink can tell end-to-end latency, which includes
 * any delay the spout itself suffered, from latency inside the SPE. The rate is split evenly across
 * the spout's tasks. Tuples carry no message id: the
 * queries measure scheduling, not Storm's reliability layer. The tuples that are due but not yet
 * emitted are the queue inside the source; the spout reports them as the metrics v2 gauge
 * {@value #SOURCE_QUEUE_GAUGE}, which is where the Storm driver reads a source's queue.
 */
public final class RateLimitedSpout extends BaseRichSpout {
    private static final long serialVersionUID = 1L;
    /**
     * Output fields: a sequence number, the due (production) time in epoch milliseconds and in epoch
     * microseconds, and the emission time in epoch microseconds. Operators forward all of them.
     */
    public static final Fields FIELDS = new Fields("seq", "produced-at-ms", LatencySink.PRODUCED_AT_FIELD,
            LatencySink.EMITTED_AT_FIELD);

    /** The name of the gauge reporting tuples due but not yet emitted. */
    public static final String SOURCE_QUEUE_GAUGE = SourceQueueSize.NAME;

    /** At most this many overdue tuples are emitted per call, so the spout still yields to Storm. */
    private static final int MAX_BURST = 100;

    private final double tuplesPerSecond;
    private transient SpoutOutputCollector collector;
    /** Set in {@link #open}; read by the executor and by the metrics reporter's thread (the gauge). */
    private transient volatile double ratePerTask;
    private transient volatile long startMicros;
    /** Written by the executor only, once per call; read by the gauge. */
    private transient volatile long emitted;

    /** @param tuplesPerSecond the total rate over all tasks of this spout; positive */
    public RateLimitedSpout(double tuplesPerSecond) {
        if (!(tuplesPerSecond > 0)) {
            throw new IllegalArgumentException("rate must be positive, got " + tuplesPerSecond);
        }
        this.tuplesPerSecond = tuplesPerSecond;
    }

    @Override
    public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
        this.collector = collector;
        this.ratePerTask = tuplesPerSecond / context.getComponentTasks(context.getThisComponentId()).size();
        this.startMicros = EpochMicros.now();
        this.emitted = 0;
        context.registerGauge(SOURCE_QUEUE_GAUGE, () -> Math.max(0, due() - emitted));
    }

    /**
     * Tuples this task should have emitted by now. Counted on the wall clock the tuples are stamped
     * with and the sink reads, not on {@link System#nanoTime()}: while NTP slews the wall clock the
     * two drift apart by up to 0.5 ms a second, which would stamp tuples as due after they arrive.
     */
    private long due() {
        return (long) ((EpochMicros.now() - startMicros) / 1e6 * ratePerTask);
    }

    @Override
    public void nextTuple() {
        long due = due();
        long next = emitted;
        for (int i = 0; i < MAX_BURST && next < due; i++) {
            // The tuple numbered `next` is due once due() exceeds it, i.e. at (next + 1) / rate.
            long dueAtMicros = startMicros + (long) ((next + 1) * 1e6 / ratePerTask);
            collector.emit(new Values(next, dueAtMicros / 1000, dueAtMicros, EpochMicros.now()));
            next++;
        }
        emitted = next;
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(FIELDS);
    }
}
