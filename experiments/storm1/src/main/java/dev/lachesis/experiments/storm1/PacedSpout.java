package dev.lachesis.experiments.storm1;

import java.util.Map;
import org.apache.storm.spout.SpoutOutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseRichSpout;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Values;
import org.apache.storm.utils.Utils;

/**
 * Emits numbered tuples at a fixed total rate, catching up in bursts of at most 100 when late, with
 * Storm 1.x's spout API; sleeps 1 ms when nothing is due, as Storm 1.x spouts do.
 */
public final class PacedSpout extends BaseRichSpout {
    private static final long serialVersionUID = 1L;
    private static final int MAX_BURST = 100;

    private final double tuplesPerSecond;
    private transient SpoutOutputCollector collector;
    private transient double ratePerTask;
    private transient long startNanos;
    private transient long emitted;

    public PacedSpout(double tuplesPerSecond) {
        this.tuplesPerSecond = tuplesPerSecond;
    }

    @Override
    @SuppressWarnings("rawtypes") // Storm 1.x's signature
    public void open(Map conf, TopologyContext context, SpoutOutputCollector collector) {
        this.collector = collector;
        this.ratePerTask = tuplesPerSecond / context.getComponentTasks(context.getThisComponentId()).size();
        this.startNanos = System.nanoTime();
    }

    @Override
    public void nextTuple() {
        long due = (long) ((System.nanoTime() - startNanos) / 1e9 * ratePerTask);
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
