package dev.lachesis.experiments.storm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.experiments.measure.SourceStats;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.storm.spout.ISpoutOutputCollector;
import org.apache.storm.spout.SpoutOutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseRichSpout;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Values;
import org.junit.jupiter.api.Test;

class CountingSpoutTest {
    /** A spout that emits two tuples and one direct tuple per call, and remembers what Storm told it. */
    private static final class ThreeAtATime extends BaseRichSpout {
        private transient SpoutOutputCollector collector;
        private final List<Object> acked = new ArrayList<>();

        @Override
        public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void nextTuple() {
            collector.emit(new Values("a"), 1);
            collector.emit("side", new Values("b"));
            collector.emitDirect(7, new Values("c"));
        }

        @Override
        public void ack(Object msgId) {
            acked.add(msgId);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("letter"));
        }
    }

    /** Storm's side of the collector: records every tuple it gets. */
    private static final class Storm implements ISpoutOutputCollector {
        private final List<String> received = new ArrayList<>();

        @Override
        public List<Integer> emit(String streamId, List<Object> tuple, Object messageId) {
            received.add(streamId + ":" + tuple.get(0) + ":" + messageId);
            return List.of(3);
        }

        @Override
        public void emitDirect(int taskId, String streamId, List<Object> tuple, Object messageId) {
            received.add(taskId + ">" + streamId + ":" + tuple.get(0));
        }

        @Override
        public long getPendingCount() {
            return 0;
        }

        @Override
        public void flush() {
        }

        @Override
        public void reportError(Throwable error) {
        }
    }

    @Test
    void countsEveryTupleTheSpoutEmitsAndPassesEachOnToStormUnchanged() {
        ThreeAtATime spout = new ThreeAtATime();
        Storm storm = new Storm();
        CountingSpout counting = new CountingSpout(spout);
        counting.open(Map.of(), null, new SpoutOutputCollector(storm));
        SourceStats.jvm().take();

        counting.nextTuple();
        counting.nextTuple();
        counting.ack(1);

        assertThat(SourceStats.jvm().take()).hasValue(6);
        assertThat(storm.received).containsExactly("default:a:1", "side:b:null", "7>default:c",
                "default:a:1", "side:b:null", "7>default:c");
        assertThat(spout.acked).containsExactly(1);
    }
}
