package dev.lachesis.sources;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
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
    private volatile CompletableFuture<Void> waiter;

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
        wakeWaiter();
    }

    /**
     * A future completed once the buffer holds a record (at once if it does now) or
     * {@link #wakeWaiter()} is called, for emit paths that must not block, such as a Flink
     * {@code SourceReader}'s {@code isAvailable()}. Until it completes, every call returns the same
     * future, since a caller may hold on to the first one it got. Call from one consumer thread.
     */
    public CompletableFuture<Void> whenNotEmpty() {
        CompletableFuture<Void> future = waiter;
        if (future == null || future.isDone()) {
            future = new CompletableFuture<>();
            waiter = future;
        }
        // A record put between the caller's poll and the line above finds no waiter: look again.
        if (!queue.isEmpty()) {
            future.complete(null);
        }
        return future;
    }

    /** Completes the future {@link #whenNotEmpty()} returned last, e.g. when the producer stops. */
    public void wakeWaiter() {
        CompletableFuture<Void> future = waiter;
        if (future != null) {
            future.complete(null);
        }
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
