package dev.lachesis.experiments.storm1;

import java.util.Map;
import org.apache.storm.metric.api.IMetric;
import org.apache.storm.spout.SpoutOutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseRichSpout;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Values;
import org.apache.storm.utils.Utils;

/**
 * Emits numbered tuples at a fixed total rate, catching up in bursts of at most 100 when late, with
 * Storm 1.x's spout API; sleeps 1 ms when nothing is due, as Storm 1.x spouts do. Publishes its
 * backlog (tuples due but not yet emitted) as the metric {@code source-queue-size}, as a Storm 1.x
 * spout registers a metric.
 */
public final class PacedSpout extends BaseRichSpout {
    private static final long serialVersionUID = 1L;
    private static final int MAX_BURST = 100;

    private final double tuplesPerSecond;
    private transient SpoutOutputCollector collector;
    private transient double ratePerTask;
    private transient long startNanos;
    /** Written by the executor, read by the metrics tick on the same executor thread. */
    private transient long emitted;

    public PacedSpout(double tuplesPerSecond) {
        this.tuplesPerSecond = tuplesPerSecond;
    }

    /**
     * Storm 1.2 deprecates {@code registerMetric} for its metrics v2, but a metrics consumer such as
     * lachesis-storm1-metrics' (and the 2023 paper's setup) sees only metrics registered this way.
     */
    @Override
    @SuppressWarnings({"rawtypes", "deprecation"}) // Storm 1.x's signature; see above
    public void open(Map conf, TopologyContext context, SpoutOutputCollector collector) {
        this.collector = collector;
        this.ratePerTask = tuplesPerSecond / context.getComponentTasks(context.getThisComponentId()).size();
        this.startNanos = System.nanoTime();
        IMetric backlog = () -> Math.max(0, due() - emitted);
        context.registerMetric("source-queue-size", backlog, 1);
    }

    private long due() {
        return (long) ((System.nanoTime() - startNanos) / 1e9 * ratePerTask);
    }

    @Override
    public void nextTuple() {
        long due = due();
        if (emitted >= due) {
            Utils.sleep(1);
            return;
        }
        for (int i = 0; i < MAX_BURST && emitted < due; i++) {
            collector.emit(new Values(emitted++));
        }
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields("seq"));
    }
}
