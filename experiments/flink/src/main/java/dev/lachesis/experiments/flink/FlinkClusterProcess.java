package dev.lachesis.experiments.flink;

import dev.lachesis.testkit.ChildTempDir;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@link FlinkQueryCluster} running in a child JVM started with Flink's Java 17 options and this
 * JVM's class path: what the launcher script and the end-to-end tests run the driver against.
 * {@link #start} returns once the job runs, with the child's PID, REST port and job id;
 * {@link #close()} sends SIGTERM, waits a grace period, then SIGKILL, so a child never outlives
 * its owner's {@code finally} block; and the child stops by itself when this JVM dies without
 * closing it ({@code --exit-with-parent}).
 *
 * <p>The child's {@code java.io.tmpdir} is a directory of its own (a {@link ChildTempDir}), which
 * {@link #close()} deletes once the child has ended, however it ended. Flink writes its files
 * there (by default {@code io.tmp.dirs}, and with it the blob store and working directories, is
 * {@code java.io.tmpdir}), among them a 21 MB copy of its RPC system's jar
 * ({@code flink-rpc-akka<uuid>.jar}) that only a completed {@code MiniCluster.close()} removes: a
 * child ended by a signal would otherwise leave one in {@code /tmp} per run. Only an owner that is
 * itself killed leaves its child's {@code lachesis-flink-*} directory behind. Thread-safe.
 */
public final class FlinkClusterProcess implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(FlinkClusterProcess.class);
    private static final Pattern READY = Pattern.compile("READY pid=(\\d+) rest-port=(\\d+) job=([0-9a-f]{32})");
    private static final Pattern JOB = Pattern.compile("JOB ([0-9a-f]{32})");
    private static final Duration GRACE = Duration.ofSeconds(10);

    private final Process process;
    private final ChildTempDir temporaryDirectory;
    private final CompletableFuture<Matcher> ready = new CompletableFuture<>();
    private final LinkedBlockingQueue<String> laterJobs = new LinkedBlockingQueue<>();
    private final Consumer<String> output;

    private FlinkClusterProcess(Process process, ChildTempDir temporaryDirectory, Consumer<String> output) {
        this.process = process;
        this.temporaryDirectory = temporaryDirectory;
        this.output = output;
        Thread reader = new Thread(this::pump, "flink-child-" + process.pid() + "-stdout");
        reader.setDaemon(true);
        reader.start();
    }

    /**
     * Starts the cluster and waits until its job runs.
     *
     * @param heapMb the child's maximum heap, in MiB
     * @param args {@link FlinkQueryCluster}'s options
     * @param output receives every line the child writes to standard output
     * @param timeout how long to wait for the job to run
     * @throws IOException when the JVM cannot start or exits before it is ready (the child is killed)
     */
    public static FlinkClusterProcess start(int heapMb, List<String> args, Consumer<String> output, Duration timeout)
            throws IOException, InterruptedException, TimeoutException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(FlinkSettings.JAVA_17_OPTIONS);
        command.add("-Xmx" + heapMb + "m");
        ChildTempDir temporaryDirectory = ChildTempDir.create("lachesis-flink-");
        command.add(temporaryDirectory.jvmOption());
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(FlinkQueryCluster.class.getName());
        command.addAll(args);
        command.add("--exit-with-parent");
        Process process;
        try {
            process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        } catch (IOException e) {
            temporaryDirectory.close();
            throw e;
        }
        LOG.debug("Started the Flink cluster as PID {} with java.io.tmpdir {}", process.pid(), temporaryDirectory);
        FlinkClusterProcess child = new FlinkClusterProcess(process, temporaryDirectory, output);
        try {
            child.ready.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            return child;
        } catch (ExecutionException e) {
            child.close();
            throw new IOException("the Flink cluster (PID " + process.pid() + ") exited before it was ready", e);
        } catch (TimeoutException | InterruptedException e) {
            child.close();
            throw e;
        }
    }

    /** The child's PID: the TaskManager process a driver finds. */
    public long pid() {
        return process.pid();
    }

    /** The REST port on 127.0.0.1. */
    public int restPort() {
        return Integer.parseInt(ready.join().group(2));
    }

    /** The id of the job submitted at start. */
    public String firstJob() {
        return ready.join().group(3);
    }

    /**
     * The next job the cluster submitted after a cancellation ({@code --resubmit-on-cancel}).
     *
     * @throws TimeoutException when none came within {@code timeout}
     */
    public String awaitResubmittedJob(Duration timeout) throws InterruptedException, TimeoutException {
        String job = laterJobs.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
        if (job == null) {
            throw new TimeoutException("no job was resubmitted within " + timeout);
        }
        return job;
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    private void pump() {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                output.accept(line);
                Matcher readyLine = READY.matcher(line);
                Matcher jobLine = JOB.matcher(line);
                if (readyLine.matches()) {
                    ready.complete(readyLine);
                } else if (jobLine.matches()) {
                    laterJobs.add(jobLine.group(1));
                }
            }
        } catch (IOException e) {
            LOG.debug("Reading the Flink child's output stopped: {}", e.getMessage());
        }
        ready.completeExceptionally(new IOException("the child closed its output"));
    }

    /**
     * Stops the child (SIGTERM, then SIGKILL after a grace period) unless it has ended, then deletes
     * its temporary directory. Idempotent.
     */
    @Override
    public synchronized void close() {
        try {
            stop();
        } finally {
            temporaryDirectory.close();
        }
    }

    private void stop() {
        if (!process.isAlive()) {
            return;
        }
        process.destroy();
        try {
            if (!process.waitFor(GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
                LOG.warn("Flink child {} ignored SIGTERM for {}; killing it", process.pid(), GRACE);
                process.destroyForcibly().waitFor(GRACE.toMillis(), TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
