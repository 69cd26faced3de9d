package dev.lachesis.sources;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The bounded buffer between a source's reader thread and its emit path. It holds at most
 * {@code capacity} records, so a source's memory is bounded: a reader that finds it full waits
 * (nothing is dropped) and the records it could not hand over are counted by the reader as waiting
 * outside. Thread-safe: one or more producers, one or more consumers.
 *
 * @param <T> the record's type
 */
public final class RecordBuffer<T> {
    private final BlockingQueue<StampedRecord<T>> queue;
    private final int capacity;
    private final AtomicLong added = new AtomicLong();
    private final AtomicLong taken = new AtomicLong();

    /** @param capacity the most records it holds, at least 1 */
    public RecordBuffer(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity was " + capacity + " but must be at least 1 record");
        }
        this.capacity = capacity;
        this.queue = new ArrayBlockingQueue<>(capacity);
    }

    /** Adds a record, waiting while the buffer is full. */
    public void put(StampedRecord<T> record) throws InterruptedException {
        queue.put(record);
        added.incrementAndGet();
    }

    /** The oldest record, or {@code null} if the buffer is empty; never waits. */
    public StampedRecord<T> poll() {
        StampedRecord<T> record = queue.poll();
        if (record != null) {
            taken.incrementAndGet();
        }
        return record;
    }

    /** Records in the buffer now. */
    public int size() {
        return queue.size();
    }

    /** The most records the buffer holds. */
    public int capacity() {
        return capacity;
    }

    /** Records added since creation. */
    public long added() {
        return added.get();
    }

    /** Records taken since creation. */
    public long taken() {
        return taken.get();
    }
}
