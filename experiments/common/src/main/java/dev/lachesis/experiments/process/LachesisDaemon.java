package dev.lachesis.experiments.process;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The daemon as a user runs it: {@code bin/lachesis run --config <file> --rounds json}, its rounds
 * (standard output) in {@code rounds.jsonl} and its log (standard error) in {@code daemon.log} of a
 * directory of the caller's, its journal in {@code run/journal} there ({@code RUNTIME_DIRECTORY}, as
 * under systemd). For the fault campaign and the soak, which read what a user would: the rounds, the
 * log lines and the journal. Thread-safe.
 */
public final class LachesisDaemon implements AutoCloseable {
    private static final Duration STOP_GRACE = Duration.ofSeconds(30);

    private final Process process;
    private final Path dir;

    /** Whether a launcher runs the daemon, which may fork it ({@code nsenter} into a node does). */
    private final boolean launched;

    private LachesisDaemon(Process process, Path dir, boolean launched) {
        this.process = process;
        this.dir = dir;
        this.launched = launched;
    }

    /**
     * Starts {@code lachesis run} on {@code config}, keeping its output in {@code dir}.
     *
     * @param lachesis the {@code bin/lachesis} script
     */
    public static LachesisDaemon start(Path lachesis, Path config, Path dir) throws IOException {
        return start(List.of(), lachesis, config, dir);
    }

    /**
     * Starts {@code lachesis run} on {@code config} under {@code launcher} (e.g. {@code taskset -c 1}),
     * keeping its output in {@code dir}.
     */
    public static LachesisDaemon start(List<String> launcher, Path lachesis, Path config, Path dir) throws IOException {
        Files.createDirectories(dir);
        Path runtime = dir.resolve("run");
        if (!Files.isDirectory(runtime)) {
            Files.createDirectory(runtime, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        }
        List<String> command = new ArrayList<>(launcher);
        command.addAll(List.of(lachesis.toString(), "run", "--config", config.toString(), "--rounds", "json"));
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectOutput(dir.resolve("rounds.jsonl").toFile())
                .redirectError(dir.resolve("daemon.log").toFile());
        builder.environment().put("RUNTIME_DIRECTORY", runtime.toString());
        return new LachesisDaemon(builder.start(), dir, !launcher.isEmpty());
    }

    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** The rounds it has printed so far, one JSON object each; not a line it is still writing. */
    public List<String> rounds() throws IOException {
        String printed = Files.readString(dir.resolve("rounds.jsonl"), StandardCharsets.UTF_8);
        return printed.substring(0, printed.lastIndexOf('\n') + 1).lines().filter(l -> l.startsWith("{")).toList();
    }

    /** Its log so far, or what went wrong reading it (for assertion messages). */
    public String log() {
        try {
            return Files.readString(dir.resolve("daemon.log"));
        } catch (IOException e) {
            return "(cannot read " + dir.resolve("daemon.log") + ": " + e.getMessage() + ")";
        }
    }

    /** Its log lines at {@code level} ({@code WARN}, {@code ERROR}). */
    public List<String> logLines(String level) {
        return log().lines().filter(l -> l.contains(" " + level + " ")).toList();
    }

    /** Where its journal is while it has threads to restore. */
    public Path journal() {
        return dir.resolve("run").resolve("journal");
    }

    /**
     * Stops it as systemd does (SIGTERM, SIGKILL after 30 s) and returns its exit code.
     *
     * @throws IOException when it ignored SIGTERM for 30 s and had to be killed
     */
    public int stop() throws IOException, InterruptedException {
        daemonJvm().destroy();
        if (!process.waitFor(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
            daemonJvm().destroyForcibly();
            process.destroyForcibly().waitFor();
            throw new IOException("the daemon (PID " + process.pid() + ") ignored SIGTERM for " + STOP_GRACE.toSeconds()
                    + " s and was killed");
        }
        return process.exitValue();
    }

    /**
     * The daemon's own JVM, which the signals are for: the process started, or the one its launcher
     * forked; a launcher that forks ({@code nsenter}) waits for that child and exits with its status,
     * but passes no signal on.
     */
    private ProcessHandle daemonJvm() {
        return launched ? process.children().findFirst().orElse(process.toHandle()) : process.toHandle();
    }

    /**
     * Stops it unless it has ended. Idempotent. Interrupted while it restores, it kills the daemon and
     * keeps the interrupt.
     */
    @Override
    public void close() throws IOException {
        if (process.isAlive()) {
            try {
                stop();
            } catch (InterruptedException e) {
                daemonJvm().destroyForcibly();
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }
}
