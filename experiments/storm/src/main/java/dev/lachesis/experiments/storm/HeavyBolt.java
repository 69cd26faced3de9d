package dev.lachesis.experiments.storm;

import dev.lachesis.experiments.process.Livelock;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Map;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Tuple;

/**
 * A deliberately expensive operator: burns a fixed amount of its own thread's CPU time per tuple,
 * then forwards the tuple. Measuring thread CPU time rather than wall time keeps the cost per tuple
 * the same whether or not the scheduler preempts the thread, so a scheduling policy changes only
 * when the work happens, not how much there is. With {@code --livelock-file} it spins forever once
 * that file exists ({@link Livelock}).
 */
public final class HeavyBolt extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;
    /** Arithmetic steps between two reads of the thread's CPU clock (a read costs ~0.3 µs). */
    private static final int STEPS_PER_CHECK = 2_000;

    private final long costNanos;
    private transient ThreadMXBean threads;
    private transient double sink;

    /** @param costMicros CPU time to burn per tuple, in microseconds; zero or more */
    public HeavyBolt(long costMicros) {
        if (costMicros < 0) {
            throw new IllegalArgumentException("cost must not be negative, got " + costMicros + " µs");
        }
        this.costNanos = costMicros * 1_000;
    }

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context) {
        threads = ManagementFactory.getThreadMXBean();
        if (!threads.isCurrentThreadCpuTimeSupported()) {
            throw new IllegalStateException("this JVM cannot measure thread CPU time, which HeavyBolt burns");
        }
    }

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        Livelock.spinIfTriggered();
        burn();
        collector.emit(input.getValues());
    }

    private void burn() {
        long until = threads.getCurrentThreadCpuTime() + costNanos;
        double x = sink;
        while (threads.getCurrentThreadCpuTime() < until) {
            for (int i = 0; i < STEPS_PER_CHECK; i++) {
                x = x * 1.000_000_1 + 1e-9;
            }
        }
        sink = x;
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(RateLimitedSpout.FIELDS);
    }
}
