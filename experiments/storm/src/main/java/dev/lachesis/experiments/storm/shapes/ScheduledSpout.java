package dev.lachesis.experiments.storm.shapes;

import dev.lachesis.experiments.measure.EpochMicros;
import dev.lachesis.experiments.shapes.Chain;
import dev.lachesis.experiments.shapes.FixedRateSchedule;
import java.util.Map;
import org.apache.storm.spout.SpoutOutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseRichSpout;

/**
 * The chain query's source, written as a user writes a spout: it generates the seeded records of
 * {@link Chain#key} at a fixed rate from its own schedule ({@link FixedRateSchedule}), emitting
 * whatever is due whenever Storm asks for tuples, at most {@value #MAX_BURST} a call. When Storm
 * stops asking (back-pressure, or no CPU for this executor) it falls behind and catches up later;
 * each tuple is stamped with the time its schedule named, so end-to-end latency includes that wait.
 * It registers no metric of its own: Lachesis sees no backlog for it. Tuples carry no message id.
 */
final class ScheduledSpout extends BaseRichSpout {
    private static final long serialVersionUID = 1L;
    /** Tuples emitted per call at most, so the executor still gets to its other work. */
    private static final int MAX_BURST = 100;

    private final double recordsPerSecond;
    private final long seed;
    private transient SpoutOutputCollector collector;
    private transient FixedRateSchedule schedule;
    private transient long next;

    ScheduledSpout(double recordsPerSecond, long seed) {
        if (!(recordsPerSecond > 0)) {
            throw new IllegalArgumentException("the rate must be positive, got " + recordsPerSecond);
        }
        this.recordsPerSecond = recordsPerSecond;
        this.seed = seed;
    }

    @Override
    public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
        this.collector = collector;
        this.schedule = new FixedRateSchedule(EpochMicros.now(), recordsPerSecond);
        this.next = 0;
    }

    @Override
    public void nextTuple() {
        long now = EpochMicros.now();
        for (int emitted = 0; emitted < MAX_BURST; emitted++) {
            long due = schedule.dueAtMicros(next);
            if (due > now) {
                break;
            }
            long key = Chain.key(seed, next);
            collector.emit(ShapeTuples.of(due, EpochMicros.now(), key, 0, key));
            next++;
        }
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(ShapeTuples.FIELDS);
    }
}
