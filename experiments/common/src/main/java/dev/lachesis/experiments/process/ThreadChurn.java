package dev.lachesis.experiments.process;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Starts short-lived threads at a steady rate in the JVM it runs in, as a user's operator that
 * spawns a thread per request (or a thread pool that grows and shrinks) does next to the query: the
 * fault campaign's "1,000 threads created and ended per second in the SPE's JVM". Each thread is
 * named {@code churn-<n>} and ends after {@value #LIFETIME_MILLIS} ms, so about a tenth of a
 * second's threads are alive at once. Runs until the JVM exits.
 */
public final class ThreadChurn {
    /** How long each short-lived thread lives. */
    public static final long LIFETIME_MILLIS = 100;
    /** The prefix of the short-lived threads' names. */
    public static final String NAME_PREFIX = "churn-";

    private ThreadChurn() {
    }

    /** Starts the daemon thread {@code thread-churn} that starts {@code perSecond} threads a second. */
    public static void start(int perSecond) {
        if (perSecond < 1) {
            throw new IllegalArgumentException("threads per second must be positive, got " + perSecond);
        }
        Thread churner = new Thread(() -> churn(perSecond), "thread-churn");
        churner.setDaemon(true);
        churner.start();
    }

    private static void churn(int perSecond) {
        long every = TimeUnit.SECONDS.toNanos(1) / perSecond;
        long next = System.nanoTime();
        for (long n = 0; !Thread.currentThread().isInterrupted(); n++) {
            Thread t = new Thread(ThreadChurn::live, NAME_PREFIX + n);
            t.setDaemon(true);
            t.start();
            next += every;
            long wait = next - System.nanoTime();
            if (wait > 0) {
                LockSupport.parkNanos(wait);
            }
        }
    }

    private static void live() {
        try {
            Thread.sleep(LIFETIME_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
