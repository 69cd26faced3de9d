package dev.lachesis.experiments.storm.shapes;

import dev.lachesis.experiments.measure.EpochMicros;
import dev.lachesis.experiments.shapes.Chain;
import dev.lachesis.experiments.shapes.FixedRateSchedule;
import dev.lachesis.sources.storm.SourceQueueSize;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.storm.spout.SpoutOutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseRichSpout;

/**
 * The source of the chain and random-shape queries, written as a user writes a spout: it generates
 * the seeded records of {@link Chain#key} at a fixed rate from its own schedule
 * ({@link FixedRateSchedule}), emitting whatever is due whenever Storm asks for tuples, at most
 * {@value #MAX_BURST} a call. When Storm stops asking (back-pressure, or no CPU for this executor) it
 * falls behind and catches up later; each tuple is stamped with the time its schedule named, so
 * end-to-end latency includes that wait. The chain's registers no metric of its own, so Lachesis sees
 * no backlog for it; with {@code publishesBacklog} it registers the records due but not yet emitted
 * as {@value SourceQueueSize#NAME}, as the drop-in sources do. Tuples carry no message id.
 */
final class ScheduledSpout extends BaseRichSpout {
    private static final long serialVersionUID = 1L;
    /** Tuples emitted per call at most, so the executor still gets to its other work. */
    private static final int MAX_BURST = 100;

    private final double recordsPerSecond;
    private final long seed;
    private final boolean publishesBacklog;
    private transient SpoutOutputCollector collector;
    private transient FixedRateSchedule schedule;
    /** The next record to emit; read by the metrics reporter's thread for the backlog. */
    private transient AtomicLong next;

    ScheduledSpout(double recordsPerSecond, long seed, boolean publishesBacklog) {
        if (!(recordsPerSecond > 0)) {
            throw new IllegalArgumentException("the rate must be positive, got " + recordsPerSecond);
        }
        this.recordsPerSecond = recordsPerSecond;
        this.seed = seed;
        this.publishesBacklog = publishesBacklog;
    }

    @Override
    public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
        this.collector = collector;
        this.schedule = new FixedRateSchedule(EpochMicros.now(), recordsPerSecond);
        this.next = new AtomicLong();
        if (publishesBacklog) {
            SourceQueueSize.register(context, () -> Math.max(0, schedule.dueBy(EpochMicros.now()) - next.get()));
        }
    }

    @Override
    public void nextTuple() {
        long now = EpochMicros.now();
        for (int emitted = 0; emitted < MAX_BURST; emitted++) {
            long n = next.get();
            long due = schedule.dueAtMicros(n);
            if (due > now) {
                break;
            }
            long key = Chain.key(seed, n);
            collector.emit(ShapeTuples.of(due, EpochMicros.now(), key, 0, key));
            next.set(n + 1);
        }
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(ShapeTuples.FIELDS);
    }
}
