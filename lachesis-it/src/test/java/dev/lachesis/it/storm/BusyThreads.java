package dev.lachesis.it.storm;

import dev.lachesis.testkit.ReportingChild;
import java.io.IOException;
import java.util.List;

/**
 * A child JVM that keeps cores busy while a test runs, so the test sees the SPE and the daemon on a
 * loaded machine: {@code n} threads that never wait, at the nice value they inherit (0). It prints
 * {@code ready} once they run and exits when its standard input closes, so it never outlives the
 * test that started it.
 */
public final class BusyThreads implements AutoCloseable {
    private static volatile long spins;
    private final ReportingChild child;

    private BusyThreads(ReportingChild child) {
        this.child = child;
    }

    /** Starts a child JVM with {@code threads} busy threads and waits until they run. */
    public static BusyThreads start(int threads) throws IOException {
        return new BusyThreads(ReportingChild.start(List.of(), List.of("-Xmx32m"), BusyThreads.class,
                Integer.toString(threads)));
    }

    /** Whether the busy threads still run. */
    public boolean isAlive() {
        return child.isAlive();
    }

    @Override
    public void close() {
        child.close();
    }

    public static void main(String[] args) throws IOException {
        int threads = Integer.parseInt(args[0]);
        for (int i = 0; i < threads; i++) {
            Thread busy = new Thread(() -> {
                while (true) {
                    spins++;
                }
            }, "busy-" + i);
            busy.setDaemon(true);
            busy.start();
        }
        System.out.println("ready");
        System.out.flush();
        while (System.in.read() >= 0) {
            // runs until the parent closes our standard input
        }
        System.exit(0);
    }
}
