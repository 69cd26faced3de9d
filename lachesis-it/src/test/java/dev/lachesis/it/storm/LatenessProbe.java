package dev.lachesis.it.storm;

import dev.lachesis.testkit.ReportingChild;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * An ordinary task on a given CPU that measures how late it gets to run: a child JVM (under
 * {@code taskset -c CPU}, at the nice value it inherits) whose thread wakes every
 * {@value #TICK_MILLIS} ms and records by how much the wake-up came later than asked. Real-time
 * threads that hold that CPU make it late; the real-time budget and the safety net bound how late.
 */
public final class LatenessProbe implements AutoCloseable {
    private static final long TICK_MILLIS = 10;
    private static final String MAX = "max-late-us ";
    private final ReportingChild child;

    private LatenessProbe(ReportingChild child) {
        this.child = child;
    }

    /** Starts the probe on {@code cpu} and waits until it ticks. */
    public static LatenessProbe onCpu(int cpu) throws IOException {
        return new LatenessProbe(ReportingChild.start(List.of("taskset", "-c", Integer.toString(cpu)),
                List.of("-Xmx32m", "-XX:+UseSerialGC"), LatenessProbe.class));
    }

    /** Forgets the lateness seen so far. */
    public void reset() throws IOException {
        child.command("reset");
    }

    /** The most the probe was late since it started or was last reset. */
    public Duration maxLateness() throws IOException {
        child.command("max");
        List<String> lines = child.output();
        for (int i = lines.size() - 1; i >= 0; i--) {
            if (lines.get(i).startsWith(MAX)) {
                return Duration.ofNanos(TimeUnit.MICROSECONDS.toNanos(Long.parseLong(lines.get(i).substring(MAX.length()))));
            }
        }
        throw new IllegalStateException("the probe did not say how late it was: " + lines);
    }

    @Override
    public void close() {
        child.close();
    }

    /** The child: ticks on a thread of its own, answers {@code reset} and {@code max} on standard input. */
    public static void main(String[] args) throws IOException {
        AtomicLong maxLateNanos = new AtomicLong();
        long tick = TimeUnit.MILLISECONDS.toNanos(TICK_MILLIS);
        Thread ticker = new Thread(() -> {
            while (true) {
                long asked = System.nanoTime() + tick;
                LockSupport.parkNanos(tick);
                long late = System.nanoTime() - asked;
                maxLateNanos.accumulateAndGet(late, Math::max);
            }
        }, "lateness-probe");
        ticker.setDaemon(true);
        ticker.start();
        System.out.println("ready");
        System.out.flush();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            if (line.equals("reset")) {
                maxLateNanos.set(0);
            } else if (line.equals("max")) {
                System.out.println(MAX + TimeUnit.NANOSECONDS.toMicros(maxLateNanos.get()));
            }
            System.out.println("ready");
            System.out.flush();
        }
        System.exit(0);
    }
}
