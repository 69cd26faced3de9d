package dev.lachesis.sources.storm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.TopicPartition;
import org.apache.storm.kafka.spout.KafkaSpoutMessageId;
import org.apache.storm.spout.ISpoutOutputCollector;
import org.junit.jupiter.api.Test;

class EmittedOffsetsTest {
    private final List<Object> passedOn = new ArrayList<>();
    private final EmittedOffsets offsets = new EmittedOffsets(new ISpoutOutputCollector() {
        @Override
        public List<Integer> emit(String streamId, List<Object> tuple, Object messageId) {
            passedOn.add(messageId);
            return List.of(7);
        }

        @Override
        public void emitDirect(int taskId, String streamId, List<Object> tuple, Object messageId) {
            passedOn.add(messageId);
        }

        @Override
        public long getPendingCount() {
            return 0;
        }

        @Override
        public void flush() {
            // Nothing buffered.
        }

        @Override
        public void reportError(Throwable error) {
            passedOn.add(error);
        }
    });

    @Test
    void remembersTheOffsetAfterTheHighestEmittedRecordPerPartition() {
        TopicPartition p0 = new TopicPartition("readings", 0);
        TopicPartition p1 = new TopicPartition("readings", 1);
        KafkaSpoutMessageId tenth = new KafkaSpoutMessageId(p0, 10);

        assertThat(offsets.emit("default", List.of("a"), tenth)).containsExactly(7);
        offsets.emit("default", List.of("b"), new KafkaSpoutMessageId(p1, 3));
        // A retry of an earlier record does not move the partition back.
        offsets.emitDirect(1, "default", List.of("c"), new KafkaSpoutMessageId(p0, 4));

        assertThat(offsets.nextToEmit(p0)).isEqualTo(11);
        assertThat(offsets.nextToEmit(p1)).isEqualTo(4);
        assertThat(offsets.nextToEmit(new TopicPartition("readings", 2))).isNull();
        assertThat(passedOn).hasSize(3).startsWith(tenth);
    }

    @Test
    void tuplesWithoutAKafkaMessageIdAreOnlyPassedOn() {
        offsets.emit("default", List.of("a"), null);

        assertThat(passedOn).containsExactly((Object) null);
        assertThat(offsets.nextToEmit(new TopicPartition("readings", 0))).isNull();
    }
}
