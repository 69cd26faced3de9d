package dev.lachesis.it.storm;

import dev.lachesis.experiments.process.ChildJvm;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeoutException;

/**
 * A child JVM that keeps cores busy while a test runs, so the test sees the SPE and the daemon on a
 * loaded machine: {@code n} threads that never wait, at the nice value they inherit (0). It prints
 * {@value #READY} once they run and exits when its standard input closes, so it never outlives the
 * test that started it.
 */
public final class BusyThreads {
    static final String READY = "busy";
    private static volatile long spins;

    private BusyThreads() {
    }

    /** Starts a child JVM with {@code threads} busy threads and waits until they run. */
    public static ChildJvm start(int threads) throws IOException, TimeoutException, InterruptedException {
        ChildJvm child = ChildJvm.start(List.of("-Xmx32m"), BusyThreads.class.getName(), List.of(Integer.toString(threads)),
                READY, line -> { });
        try {
            child.awaitLine(Duration.ofSeconds(60));
        } catch (IOException | TimeoutException | InterruptedException | RuntimeException e) {
            child.close();
            throw e;
        }
        return child;
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
        System.out.println(READY);
        System.out.flush();
        while (System.in.read() >= 0) {
            // runs until the parent closes our standard input
        }
        System.exit(0);
    }
}
