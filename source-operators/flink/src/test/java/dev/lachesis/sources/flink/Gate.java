package dev.lachesis.sources.flink;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.flink.api.common.functions.MapFunction;

/**
 * The held-back consumer: it takes no record while its gate is closed, then passes records on,
 * remembering the first production and emission times and every line. Static state, because the in-process
 * cluster runs its own deserialized copy; one test uses it at a time.
 */
public class Gate<T> implements MapFunction<T, T> {
    private static final long serialVersionUID = 1L;

    static volatile CountDownLatch gate = new CountDownLatch(0);
    static final AtomicLong FIRST_PRODUCED_AT = new AtomicLong(-1);
    static final AtomicLong FIRST_EMITTED_AT = new AtomicLong(-1);
    static final Set<String> SEEN = ConcurrentHashMap.newKeySet();

    static void reset(boolean closed) {
        gate = new CountDownLatch(closed ? 1 : 0);
        FIRST_PRODUCED_AT.set(-1);
        FIRST_EMITTED_AT.set(-1);
        SEEN.clear();
    }

    @Override
    public T map(T value) throws InterruptedException {
        gate.await();
        if (value instanceof StampedLine line) {
            FIRST_EMITTED_AT.compareAndSet(-1, line.emittedAtMicros);
            FIRST_PRODUCED_AT.compareAndSet(-1, line.producedAtMillis);
            SEEN.add(line.line.substring(0, line.line.indexOf(' ')));
        } else {
            SEEN.add(String.valueOf(value));
        }
        return value;
    }
}
