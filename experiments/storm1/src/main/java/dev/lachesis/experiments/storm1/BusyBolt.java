package dev.lachesis.experiments.storm1;

import dev.lachesis.experiments.process.Livelock;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.Values;

/**
 * Spends a fixed CPU time on each tuple (busy, on the thread's CPU clock) and forwards it; with
 * {@code --livelock-file}, spins forever once that file exists ({@link Livelock}).
 */
public final class BusyBolt extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;
    private static final java.lang.management.ThreadMXBean CLOCK =
            java.lang.management.ManagementFactory.getThreadMXBean();

    private final long costNanos;

    public BusyBolt(long costMicros) {
        this.costNanos = costMicros * 1_000;
    }

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        Livelock.spinIfTriggered();
        long until = CLOCK.getCurrentThreadCpuTime() + costNanos;
        while (CLOCK.getCurrentThreadCpuTime() < until) {
            Thread.onSpinWait();
        }
        collector.emit(new Values(input.getValue(0)));
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields("seq"));
    }
}
