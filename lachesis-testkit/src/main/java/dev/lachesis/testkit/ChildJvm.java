package dev.lachesis.testkit;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A Java program run in its own JVM, with this JVM's class path or a given one (an SPE's, which this
 * JVM does not carry), the way experiments and end-to-end tests run an SPE next to the daemon. Its
 * standard output is read line by line: the first line starting with a given marker completes
 * {@link #awaitLine}, and every line is passed on to a consumer. {@link #close()} sends SIGTERM,
 * waits a grace period, then SIGKILL, so a child never outlives its owner's {@code finally} block.
 *
 * <p>A JVM {@link #startWithOwnTmpdir started with a java.io.tmpdir of its own} has that
 * directory deleted by {@link #close()} once it has ended, however it ended: a Storm
 * {@code LocalCluster} stopped by a signal never runs its own clean-up and would leave five
 * directories in {@code /tmp} per run. Close such a child when it exited by itself too, or its
 * directory stays. Thread-safe.
 */
public final class ChildJvm implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ChildJvm.class);
    private static final Duration GRACE = Duration.ofSeconds(10);

    /** How many of the last output lines an error about the child quotes. */
    private static final int TAIL_LINES = 20;

    private final Process process;
    /** The child's {@code java.io.tmpdir} if it has one of its own, else null. */
    private final ChildTempDir tempDir;
    private final CompletableFuture<String> marked = new CompletableFuture<>();
    private final CompletableFuture<Void> outputClosed = new CompletableFuture<>();
    private final Writer input;
    private final java.util.ArrayDeque<String> tail = new java.util.ArrayDeque<>();

    private ChildJvm(Process process, ChildTempDir tempDir, String marker, Consumer<String> output) {
        this.process = process;
        this.tempDir = tempDir;
        this.input = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        Thread reader = new Thread(() -> pump(marker, output), "child-" + process.pid() + "-stdout");
        reader.setDaemon(true);
        reader.start();
    }

    /**
     * Starts {@code mainClass} in a new JVM.
     *
     * @param jvmOptions options placed before the main class ({@code -Xmx512m}, {@code -Dkey=value})
     * @param marker the prefix of the output line {@link #awaitLine} waits for
     * @param output receives every line the child writes to standard output
     * @throws IOException when the JVM cannot be started
     */
    public static ChildJvm start(List<String> jvmOptions, String mainClass, List<String> args, String marker,
                                 Consumer<String> output) throws IOException {
        return start(List.of(), jvmOptions, mainClass, args, marker, output);
    }

    /**
     * Starts {@code mainClass} in a new JVM as {@link #start(List, String, List, String, Consumer)}
     * does, through a launcher that runs the {@code java} command, such as {@code taskset -c 0}.
     */
    public static ChildJvm start(List<String> launcher, List<String> jvmOptions, String mainClass, List<String> args,
                                 String marker, Consumer<String> output) throws IOException {
        return launch(javaCommand(launcher, System.getProperty("java.class.path"), jvmOptions, mainClass, args), null,
                marker, output);
    }

    /**
     * Starts {@code mainClass} as {@link #start(List, List, String, List, String, Consumer)} does,
     * with the class path {@code classPath} and a {@code java.io.tmpdir} of its own,
     * {@code lachesis-<main class's simple name>-*} in ours, which {@link #close()} deletes once the
     * child has ended: for a program that leaves files there when a signal stops it, such as Storm's
     * {@code LocalCluster}.
     */
    public static ChildJvm startWithOwnTmpdir(List<String> launcher, String classPath, List<String> jvmOptions,
                                              String mainClass, List<String> args, String marker,
                                              Consumer<String> output) throws IOException {
        String simpleName = mainClass.substring(mainClass.lastIndexOf('.') + 1);
        ChildTempDir tempDir = ChildTempDir.create("lachesis-" + simpleName + "-");
        List<String> options = new ArrayList<>(jvmOptions);
        options.add(tempDir.jvmOption());
        try {
            return launch(javaCommand(launcher, classPath, options, mainClass, args), tempDir, marker, output);
        } catch (IOException | RuntimeException e) {
            tempDir.close();
            throw e;
        }
    }

    private static List<String> javaCommand(List<String> launcher, String classPath, List<String> jvmOptions,
                                            String mainClass, List<String> args) {
        List<String> command = new ArrayList<>(launcher);
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.add("-cp");
        command.add(classPath);
        command.add(mainClass);
        command.addAll(args);
        return command;
    }

    /**
     * Runs a command that starts a JVM of its own, such as {@code bin/lachesis run}; its standard
     * error goes to ours, its standard output is read as for {@link #start}.
     */
    public static ChildJvm exec(List<String> command, String marker, Consumer<String> output) throws IOException {
        return launch(command, null, marker, output);
    }

    private static ChildJvm launch(List<String> command, ChildTempDir tempDir, String marker, Consumer<String> output)
            throws IOException {
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .redirectInput(ProcessBuilder.Redirect.PIPE);
        Process process = builder.start();
        LOG.debug("Started {} as PID {}", command, process.pid());
        return new ChildJvm(process, tempDir, marker, output);
    }

    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /**
     * Waits for the first output line that starts with the marker.
     *
     * @return that line
     * @throws TimeoutException when no such line came within {@code timeout}
     * @throws IOException when the child exited (or closed its output) before writing one
     */
    public String awaitLine(Duration timeout) throws IOException, TimeoutException, InterruptedException {
        try {
            return marked.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw new IOException(e.getCause().getMessage(), e.getCause());
        }
    }

    /**
     * Completes once the child closed its standard output (it has usually exited), after every line
     * went to the output consumer.
     */
    public CompletableFuture<Void> outputClosed() {
        return outputClosed;
    }

    /** Writes {@code line} and a newline to the child's standard input. */
    public synchronized void send(String line) throws IOException {
        input.write(line + "\n");
        input.flush();
    }

    /**
     * Kills the child at once (SIGKILL), waits for it, deletes its own {@code java.io.tmpdir} if it has
     * one, and returns its exit code (137): for a child that may not get the CPU to handle SIGTERM, or
     * a test of what a SIGKILL leaves behind.
     */
    public synchronized int kill() {
        try {
            process.destroyForcibly();
            return process.onExit().join().exitValue();
        } finally {
            if (tempDir != null) {
                tempDir.close();
            }
        }
    }

    /** Waits for the child to exit and returns its exit code. */
    public int waitFor() throws InterruptedException {
        return process.waitFor();
    }

    /**
     * Stops the child (SIGTERM, then SIGKILL if it is still alive after the grace period) unless it
     * has ended, then deletes its own {@code java.io.tmpdir} if it has one. Idempotent.
     */
    @Override
    public synchronized void close() {
        close(GRACE);
    }

    /**
     * As {@link #close()}, with {@code grace} between SIGTERM and SIGKILL: for a child that itself
     * stops a child of its own on SIGTERM and cleans up after it, which takes its own grace period.
     */
    public synchronized void close(Duration grace) {
        try {
            stop(grace);
        } finally {
            if (tempDir != null) {
                tempDir.close();
            }
        }
    }

    private void stop(Duration grace) {
        if (!process.isAlive()) {
            return;
        }
        process.destroy();
        try {
            if (!process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS)) {
                LOG.warn("PID {} ignored SIGTERM for {} s; killing it", process.pid(), grace.toSeconds());
                process.destroyForcibly().waitFor();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    private void pump(String marker, Consumer<String> output) {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                if (!marked.isDone() && line.startsWith(marker)) {
                    marked.complete(line);
                }
                synchronized (tail) {
                    if (tail.size() == TAIL_LINES) {
                        tail.removeFirst();
                    }
                    tail.addLast(line);
                }
                output.accept(line);
            }
        } catch (IOException e) {
            LOG.debug("Reading the output of PID {} failed", process.pid(), e);
        }
        String last;
        synchronized (tail) {
            last = String.join(System.lineSeparator(), tail);
        }
        marked.completeExceptionally(new IOException("PID " + process.pid() + " closed its output"
                + (process.isAlive() ? "" : " and exited") + " before printing '" + marker + "'"
                + (last.isEmpty() ? "" : "; its last output:" + System.lineSeparator() + last)));
        outputClosed.complete(null);
    }
}
