package dev.lachesis.it.cluster;

import static org.awaitility.Awaitility.await;

import dev.lachesis.testkit.LinuxNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A program run inside a {@link LinuxNode}, addressed by its own PID. {@code nsenter} forks the
 * program into the node and waits for it, but does not pass signals on: a SIGTERM or SIGKILL to the
 * process a {@link ProcessBuilder} started ends {@code nsenter} and leaves the program running.
 * This class finds the program (the child {@code nsenter} forked, as this machine numbers it) and
 * kills it, as a user kills a process on the node. Its output and errors go to a log file.
 * Thread-safe.
 */
final class NodeProcess implements AutoCloseable {
    private static final Duration FORK_TIMEOUT = Duration.ofSeconds(30);

    private final Process nsenter;
    private final ProcessHandle program;
    private final Path log;

    private NodeProcess(Process nsenter, ProcessHandle program, Path log) {
        this.nsenter = nsenter;
        this.program = program;
        this.log = log;
    }

    /**
     * Starts {@code command} inside {@code node}, its output and errors appended to {@code log}, and
     * waits until the program runs (its command line names {@code marker}).
     */
    static NodeProcess start(LinuxNode node, List<String> command, String marker, Path log) throws IOException {
        return start(node, command, Map.of(), marker, log);
    }

    /** Starts {@code command} as {@link #start(LinuxNode, List, String, Path)} does, with {@code environment} added to ours. */
    static NodeProcess start(LinuxNode node, List<String> command, Map<String, String> environment, String marker,
                             Path log) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(node.command(command)).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        builder.environment().putAll(environment);
        Process nsenter = builder.start();
        try {
            ProcessHandle program = await("the program nsenter " + nsenter.pid() + " forks into " + node)
                    .atMost(FORK_TIMEOUT).pollInterval(Duration.ofMillis(50))
                    .until(() -> forked(nsenter, marker), Optional::isPresent).orElseThrow();
            return new NodeProcess(nsenter, program, log);
        } catch (RuntimeException e) {
            nsenter.descendants().forEach(ProcessHandle::destroyForcibly);
            nsenter.destroyForcibly();
            throw e;
        }
    }

    /** {@code nsenter}'s child once it runs the program ({@code taskset} has exec'd it). */
    private static Optional<ProcessHandle> forked(Process nsenter, String marker) throws IOException {
        if (!nsenter.isAlive()) {
            throw new IOException("nsenter exited with " + nsenter.exitValue() + " before its program ran");
        }
        Optional<ProcessHandle> child = nsenter.children().findFirst();
        if (child.isEmpty()) {
            return Optional.empty();
        }
        try {
            byte[] cmdline = Files.readAllBytes(Path.of("/proc", Long.toString(child.get().pid()), "cmdline"));
            return new String(cmdline, StandardCharsets.UTF_8).contains(marker) ? child : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** The program's PID as this machine (and {@code /proc} outside the node) numbers it. */
    long pid() {
        return program.pid();
    }

    /** SIGKILL to the program, as {@code kill -9} or the OOM killer; returns once it has exited. */
    void kill() throws InterruptedException {
        program.destroyForcibly();
        nsenter.waitFor();
    }

    /** Kills the program unless it has exited. Idempotent. */
    @Override
    public void close() {
        program.destroyForcibly();
        try {
            if (!nsenter.waitFor(FORK_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                nsenter.destroyForcibly();
            }
        } catch (InterruptedException e) {
            nsenter.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public String toString() {
        return "PID " + pid() + " (log " + log + ")";
    }
}
