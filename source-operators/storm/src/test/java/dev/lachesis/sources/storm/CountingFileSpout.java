package dev.lachesis.sources.storm;

import dev.lachesis.sources.FileReplaySettings;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.storm.spout.ISpoutOutputCollector;
import org.apache.storm.spout.SpoutOutputCollector;
import org.apache.storm.task.TopologyContext;

/** The file spout, counting what it emits and what Storm acknowledges to it, across topologies. */
public class CountingFileSpout extends FileReplaySpout {
    private static final long serialVersionUID = 1L;

    static final AtomicLong EMITTED = new AtomicLong();
    static final AtomicLong ACKED = new AtomicLong();

    public CountingFileSpout(FileReplaySettings settings) {
        super(settings);
    }

    static void reset() {
        EMITTED.set(0);
        ACKED.set(0);
    }

    @Override
    public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
        super.open(conf, context, new SpoutOutputCollector(new ISpoutOutputCollector() {
            @Override
            public List<Integer> emit(String streamId, List<Object> tuple, Object messageId) {
                EMITTED.incrementAndGet();
                return collector.emit(streamId, tuple, messageId);
            }

            @Override
            public void emitDirect(int taskId, String streamId, List<Object> tuple, Object messageId) {
                EMITTED.incrementAndGet();
                collector.emitDirect(taskId, streamId, tuple, messageId);
            }

            @Override
            public long getPendingCount() {
                return collector.getPendingCount();
            }

            @Override
            public void flush() {
                collector.flush();
            }

            @Override
            public void reportError(Throwable error) {
                collector.reportError(error);
            }
        }));
    }

    @Override
    public void ack(Object messageId) {
        super.ack(messageId);
        ACKED.incrementAndGet();
    }
}
