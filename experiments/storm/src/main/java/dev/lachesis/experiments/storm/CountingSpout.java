package dev.lachesis.experiments.storm;

import dev.lachesis.experiments.measure.SourceStats;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.storm.spout.ISpoutOutputCollector;
import org.apache.storm.spout.SpoutOutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.IRichSpout;
import org.apache.storm.topology.OutputFieldsDeclarer;

/**
 * Any spout, counting every tuple it emits into Storm in this JVM's {@link SourceStats}: the
 * throughput at the source the sink reports carry. It hands the spout a collector that counts and
 * passes each emit on, and delegates everything else, so the spout, its component id, its executor
 * thread and its metrics are those of the spout alone. A tuple emitted again after a failure counts
 * again: Storm takes it in again. Wrap the spout where the topology is built:
 * {@code builder.setSpout("source", new CountingSpout(new MySpout()), 1)}. Not thread-safe, like a
 * spout: Storm calls it from the executor thread.
 */
public final class CountingSpout implements IRichSpout {
    private static final long serialVersionUID = 1L;

    private final IRichSpout spout;

    /** @param spout the spout whose tuples are counted */
    public CountingSpout(IRichSpout spout) {
        this.spout = Objects.requireNonNull(spout, "spout");
    }

    @Override
    public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
        SourceStats.jvm().attach();
        spout.open(conf, context, new SpoutOutputCollector(new Counting(collector)));
    }

    @Override
    public void close() {
        spout.close();
    }

    @Override
    public void activate() {
        spout.activate();
    }

    @Override
    public void deactivate() {
        spout.deactivate();
    }

    @Override
    public void nextTuple() {
        spout.nextTuple();
    }

    @Override
    public void ack(Object msgId) {
        spout.ack(msgId);
    }

    @Override
    public void fail(Object msgId) {
        spout.fail(msgId);
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        spout.declareOutputFields(declarer);
    }

    @Override
    public Map<String, Object> getComponentConfiguration() {
        return spout.getComponentConfiguration();
    }

    /** Counts each emit and passes it on to Storm's collector. */
    private static final class Counting implements ISpoutOutputCollector {
        private final SpoutOutputCollector storm;

        Counting(SpoutOutputCollector storm) {
            this.storm = storm;
        }

        @Override
        public List<Integer> emit(String streamId, List<Object> tuple, Object messageId) {
            SourceStats.jvm().emitted();
            return storm.emit(streamId, tuple, messageId);
        }

        @Override
        public void emitDirect(int taskId, String streamId, List<Object> tuple, Object messageId) {
            SourceStats.jvm().emitted();
            storm.emitDirect(taskId, streamId, tuple, messageId);
        }

        @Override
        public long getPendingCount() {
            return storm.getPendingCount();
        }

        @Override
        public void flush() {
            storm.flush();
        }

        @Override
        public void reportError(Throwable error) {
            storm.reportError(error);
        }
    }
}
