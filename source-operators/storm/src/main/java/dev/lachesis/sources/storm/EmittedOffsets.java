package dev.lachesis.sources.storm;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.common.TopicPartition;
import org.apache.storm.kafka.spout.KafkaSpoutMessageId;
import org.apache.storm.spout.ISpoutOutputCollector;

/**
 * Sits between {@code KafkaSpout} and Storm's collector and remembers, per partition, the offset
 * after the highest record emitted, read from the {@link KafkaSpoutMessageId} each tuple carries;
 * with the log-end offsets that gives the records not yet emitted by this spout. Thread-safe for
 * one emitting thread and any number of readers.
 */
final class EmittedOffsets implements ISpoutOutputCollector {
    private final ISpoutOutputCollector delegate;
    private final Map<TopicPartition, Long> nextToEmit = new ConcurrentHashMap<>();

    EmittedOffsets(ISpoutOutputCollector delegate) {
        this.delegate = delegate;
    }

    /** The offset after the highest record emitted from {@code partition}, or {@code null} if none was. */
    Long nextToEmit(TopicPartition partition) {
        return nextToEmit.get(partition);
    }

    private void record(Object messageId) {
        if (messageId instanceof KafkaSpoutMessageId id) {
            nextToEmit.merge(id.getTopicPartition(), id.offset() + 1, Math::max);
        }
    }

    @Override
    public List<Integer> emit(String streamId, List<Object> tuple, Object messageId) {
        record(messageId);
        return delegate.emit(streamId, tuple, messageId);
    }

    @Override
    public void emitDirect(int taskId, String streamId, List<Object> tuple, Object messageId) {
        record(messageId);
        delegate.emitDirect(taskId, streamId, tuple, messageId);
    }

    @Override
    public long getPendingCount() {
        return delegate.getPendingCount();
    }

    @Override
    public void flush() {
        delegate.flush();
    }

    @Override
    public void reportError(Throwable error) {
        delegate.reportError(error);
    }
}
