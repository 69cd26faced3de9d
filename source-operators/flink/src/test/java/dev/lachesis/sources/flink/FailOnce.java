package dev.lachesis.sources.flink;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.flink.api.common.functions.MapFunction;

/**
 * Records every line it sees and fails the job once, after {@code failAfter} records, so the job
 * restarts from its last checkpoint. Static state, as the in-process cluster runs its own copy.
 */
public class FailOnce implements MapFunction<StampedLine, StampedLine> {
    private static final long serialVersionUID = 1L;

    static final Set<String> SEEN = ConcurrentHashMap.newKeySet();
    static final AtomicLong RECEIVED = new AtomicLong();
    static final AtomicBoolean FAILED = new AtomicBoolean();

    private final long failAfter;

    public FailOnce(long failAfter) {
        this.failAfter = failAfter;
    }

    static void reset() {
        SEEN.clear();
        RECEIVED.set(0);
        FAILED.set(false);
    }

    @Override
    public StampedLine map(StampedLine value) {
        if (RECEIVED.incrementAndGet() > failAfter && !FAILED.getAndSet(true)) {
            throw new IllegalStateException("failing once on purpose, after " + failAfter + " records");
        }
        SEEN.add(value.line);
        return value;
    }
}
