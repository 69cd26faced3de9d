package dev.lachesis.sources;

import java.time.Instant;
import java.util.concurrent.TimeUnit;

/**
 * The time a source reads and waits on, so the replay schedule and the backlog can be tested
 * with a clock the test moves instead of real time. Implementations are thread-safe.
 */
public interface ReplayClock {
    /** The system clock: {@link System#nanoTime()}, {@link System#currentTimeMillis()}, parking to wait. */
    ReplayClock SYSTEM = new ReplayClock() {
        @Override
        public long nanoTime() {
            return System.nanoTime();
        }

        @Override
        public long epochMillis() {
            return System.currentTimeMillis();
        }

        @Override
        public long epochMicros() {
            Instant now = Instant.now();
            return now.getEpochSecond() * 1_000_000 + now.getNano() / 1_000;
        }

        @Override
        public void sleepUntil(long nanoTime) throws InterruptedException {
            long left = nanoTime - System.nanoTime();
            while (left > 0) {
                TimeUnit.NANOSECONDS.sleep(left);
                left = nanoTime - System.nanoTime();
            }
        }
    };

    /** A monotonic time in nanoseconds, comparable only with other values of the same clock. */
    long nanoTime();

    /** Wall-clock time, milliseconds since the epoch. */
    long epochMillis();

    /**
     * Wall-clock time, microseconds since the epoch: fine enough for latencies inside an SPE and,
     * unlike {@link #nanoTime()}, comparable across processes. Unless overridden,
     * {@link #epochMillis()} in microseconds.
     */
    default long epochMicros() {
        return epochMillis() * 1_000;
    }

    /** Returns once {@link #nanoTime()} has reached {@code nanoTime}. */
    void sleepUntil(long nanoTime) throws InterruptedException;
}
