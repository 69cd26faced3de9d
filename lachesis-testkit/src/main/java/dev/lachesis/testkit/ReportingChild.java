package dev.lachesis.testkit;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A {@link ChildJvm} that runs a test main class whose threads the daemon changes, with this JVM's
 * class path, optionally under a command prefix ({@code taskset -c 1}, {@code setpriv} to run as
 * another user, {@code nice}). The child prints {@code thread <tid> <name>} for each thread it
 * starts and {@code ready} when it is done; this class collects the ids until then, and sends it
 * commands on its standard input. Closing it kills the child (SIGKILL: a child whose threads run at
 * real-time priorities may not get the CPU to handle SIGTERM). Not thread-safe: one test drives it.
 */
public final class ReportingChild implements AutoCloseable {
    /** The options a child runs with unless the test gives its own: small and quick to start. */
    public static final List<String> SMALL_HEAP = List.of("-Xmx64m", "-XX:+UseSerialGC");
    /** How long the child may take to print a line a test waits for. */
    private static final Duration LINE_TIMEOUT = Duration.ofMinutes(2);
    private static final String READY = "ready";

    private final ChildJvm child;
    private final BlockingQueue<String> unread;
    private final Map<String, Integer> tids = new LinkedHashMap<>();
    private final List<String> output = new ArrayList<>();

    private ReportingChild(ChildJvm child, BlockingQueue<String> unread) {
        this.child = child;
        this.unread = unread;
    }

    /** Starts {@code mainClass} with {@code args} and the {@link #SMALL_HEAP} options under {@code prefix}. */
    public static ReportingChild start(List<String> prefix, Class<?> mainClass, String... args) throws IOException {
        return start(prefix, SMALL_HEAP, mainClass, args);
    }

    /**
     * Starts {@code mainClass} with {@code args} and {@code jvmOptions} under {@code prefix}, and
     * waits for its {@code ready} line.
     */
    public static ReportingChild start(List<String> prefix, List<String> jvmOptions, Class<?> mainClass,
                                       String... args) throws IOException {
        BlockingQueue<String> unread = new LinkedBlockingQueue<>();
        ReportingChild started = new ReportingChild(ChildJvm.start(prefix, jvmOptions, mainClass.getName(),
                List.of(args), READY, unread::add), unread);
        try {
            started.awaitLine(READY);
        } catch (IOException | RuntimeException e) {
            started.close();
            throw e;
        }
        return started;
    }

    /** Reads output lines until one equals {@code expected}, collecting thread ids on the way. */
    public void awaitLine(String expected) throws IOException {
        long deadline = System.nanoTime() + LINE_TIMEOUT.toNanos();
        for (String line = next(expected, deadline); ; line = next(expected, deadline)) {
            output.add(line);
            if (line.startsWith("thread ")) {
                String[] fields = line.split(" ", 3);
                tids.put(fields[2], Integer.parseInt(fields[1]));
            }
            if (line.equals(expected)) {
                return;
            }
        }
    }

    /**
     * The next output line, waiting for it until {@code deadline} ({@link System#nanoTime()}).
     *
     * @throws IOException when the child closed its output (exited) first, or the deadline passed
     */
    private String next(String expected, long deadline) throws IOException {
        try {
            while (System.nanoTime() < deadline) {
                String line = unread.poll(50, TimeUnit.MILLISECONDS);
                if (line != null) {
                    return line;
                }
                if (child.outputClosed().isDone() && unread.isEmpty()) {
                    throw new IOException("child " + pid() + " exited before printing '" + expected + "'; output: "
                            + output);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for child " + pid() + " to print '" + expected + "'", e);
        }
        throw new IOException("child " + pid() + " printed no '" + expected + "' within " + LINE_TIMEOUT.toSeconds()
                + " s; output: " + output);
    }

    /** Writes one command line to the child's standard input and waits for its next {@code ready}. */
    public void command(String line) throws IOException {
        child.send(line);
        awaitLine(READY);
    }

    /** Every line the child has printed so far, in order. */
    public List<String> output() {
        return List.copyOf(output);
    }

    public int pid() {
        return (int) child.pid();
    }

    public boolean isAlive() {
        return child.isAlive();
    }

    /** Thread name → tid, as the child printed them. */
    public Map<String, Integer> tids() {
        return tids;
    }

    /** The tid of the thread the child named {@code name}. */
    public int tid(String name) {
        Integer tid = tids.get(name);
        if (tid == null) {
            throw new IllegalArgumentException("no thread " + name + " in " + tids);
        }
        return tid;
    }

    /** Kills the child (SIGKILL) and returns its exit code. */
    public int kill() {
        return child.kill();
    }

    @Override
    public void close() {
        child.kill();
    }
}
