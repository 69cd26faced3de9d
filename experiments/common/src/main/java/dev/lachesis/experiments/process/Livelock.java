package dev.lachesis.experiments.process;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;

/**
 * An operator that loops forever on command, the fault the real-time safety net exists for (a bug
 * in a user's operator, a retry loop that never ends): once {@link #armOn} has been told a file and
 * that file appears, the next tuple a query operator hands to {@link #spinIfTriggered} never
 * returns, and its thread burns its CPU without blocking. The first thread to spin prints
 * {@value #SPINNING} followed by the wall-clock milliseconds it began at and its name, so a test can
 * time the daemon's reaction from the spin's start. One trigger per JVM (static, as the query's
 * operators and the program that submits them share the JVM in local mode).
 */
public final class Livelock {
    /** The line's prefix printed when the spin begins. */
    public static final String SPINNING = "LIVELOCK spinning since ";
    private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(10);
    private static final AtomicBoolean ANNOUNCED = new AtomicBoolean();
    private static volatile boolean triggered;
    private static volatile double sink;

    private Livelock() {
    }

    /**
     * Starts the daemon thread {@code livelock-trigger} that waits for {@code file} to exist. Its
     * line and the spin's go to standard output, which the launching test reads.
     */
    public static void armOn(Path file) {
        Thread watcher = new Thread(() -> {
            while (!Files.exists(file)) {
                LockSupport.parkNanos(POLL_NANOS);
            }
            triggered = true;
            System.out.println("LIVELOCK armed: " + file + " exists");
            System.out.flush();
        }, "livelock-trigger");
        watcher.setDaemon(true);
        watcher.start();
    }

    /** Returns at once until the trigger file exists; from then on never returns. */
    public static void spinIfTriggered() {
        if (!triggered) {
            return;
        }
        if (ANNOUNCED.compareAndSet(false, true)) {
            System.out.println(SPINNING + System.currentTimeMillis() + " in " + Thread.currentThread().getName());
            System.out.flush();
        }
        double x = sink;
        while (triggered) {
            x = x * 1.000_000_1 + 1e-9;
            sink = x;
        }
    }
}
