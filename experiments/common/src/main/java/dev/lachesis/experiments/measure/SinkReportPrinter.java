package dev.lachesis.experiments.measure;

import java.io.PrintWriter;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Prints a {@link SinkReport} of this JVM's {@link SinkStats}, with the count of its
 * {@link SourceStats} over the same second, once a second: the lines a query JVM
 * writes on standard output for the launcher and the benchmark harness to read, whichever SPE runs
 * the query. Runs on a daemon thread ({@value #THREAD}) for as long as the JVM lives.
 */
public final class SinkReportPrinter {
    /** The name of the printing thread, which a scheduler should leave alone. */
    public static final String THREAD = "lachesis-sink-reports";

    private SinkReportPrinter() {
    }

    /**
     * Starts printing to {@code out}, a report a second from a second after this call. The first
     * report also holds what the sinks and sources recorded before the call (in Storm, the tuples
     * that told the launcher the query was ready), so the reports together count every tuple.
     */
    public static void start(PrintWriter out) {
        ScheduledExecutorService reporter = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, THREAD);
            thread.setDaemon(true);
            return thread;
        });
        reporter.scheduleAtFixedRate(() -> {
            long now = System.currentTimeMillis();
            out.println(SinkStats.jvm().takeReport(now).withSourceTuples(SourceStats.jvm().take()).toLine());
            out.flush();
        }, 1, 1, TimeUnit.SECONDS);
    }
}
