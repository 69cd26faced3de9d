package dev.lachesis.sources;

import java.util.concurrent.atomic.AtomicLong;

/**
 * A clock the test moves: waiting until a time jumps the clock there at once, so a paced reader
 * runs through its schedule without real waits. Thread-safe.
 */
final class ManualClock implements ReplayClock {
    static final long EPOCH_MILLIS_AT_ZERO = 1_700_000_000_000L;

    private final AtomicLong nanos = new AtomicLong();

    @Override
    public long nanoTime() {
        return nanos.get();
    }

    @Override
    public long epochMillis() {
        return EPOCH_MILLIS_AT_ZERO + nanos.get() / 1_000_000;
    }

    @Override
    public void sleepUntil(long nanoTime) throws InterruptedException {
        if (Thread.interrupted()) {
            throw new InterruptedException();
        }
        nanos.accumulateAndGet(nanoTime, Math::max);
    }

    void setSeconds(double seconds) {
        nanos.set((long) (seconds * 1e9));
    }
}
