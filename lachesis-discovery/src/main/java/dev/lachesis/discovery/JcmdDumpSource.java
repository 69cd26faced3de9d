package dev.lachesis.discovery;

import dev.lachesis.core.config.ByteSize;
import dev.lachesis.core.spi.DriverException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Takes a thread dump by forking {@code jcmd <pid> Thread.print}, the fallback when the daemon's
 * JVM cannot do it in-process (see {@link AttachApiDumpSource}): slower (a second JVM starts) but
 * needs no JVM option. The output goes to a temporary file, so a {@code jcmd} that hangs is killed
 * after the timeout instead of blocking the round, and a dump longer than the limit is not read.
 * Thread-safe.
 */
public final class JcmdDumpSource implements ThreadDumpSource {
    private static final Logger LOG = LoggerFactory.getLogger(JcmdDumpSource.class);
    /** Long enough for the JDK's own attach timeout (10 s) and a cold {@code jcmd} start. */
    private static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);

    private final Path jcmd;
    private final Duration timeout;
    private final ByteSize maxDump;

    /**
     * @param jcmd the {@code jcmd} to run
     * @param timeout how long it may take
     * @param maxDump the longest output read
     */
    public JcmdDumpSource(Path jcmd, Duration timeout, ByteSize maxDump) {
        this.jcmd = jcmd;
        this.timeout = timeout;
        this.maxDump = maxDump;
    }

    /** {@code jcmd} of the JDK this daemon runs on, when it has one, reading dumps up to {@link #MAX_DUMP}. */
    public static Optional<JcmdDumpSource> ofRunningJdk() {
        Path candidate = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        return Files.isExecutable(candidate)
                ? Optional.of(new JcmdDumpSource(candidate, DEFAULT_TIMEOUT, MAX_DUMP))
                : Optional.empty();
    }

    @Override
    public String threadDump(int pid) throws DriverException {
        Path output = null;
        try {
            output = Files.createTempFile("lachesis-jcmd-" + pid + "-", ".txt");
            Process process = new ProcessBuilder(List.of(jcmd.toString(), Integer.toString(pid), "Thread.print"))
                    .redirectErrorStream(true)
                    .redirectOutput(output.toFile())
                    .start();
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                throw JvmThreadDiscovery.failure(pid, jcmd + " did not finish within " + timeout.toSeconds() + " s");
            }
            long size = Files.size(output);
            if (size > maxDump.bytes()) {
                throw JvmThreadDiscovery.failure(pid, jcmd + " wrote a thread dump of " + size
                        + " bytes, more than the " + maxDump + " a dump may have");
            }
            String text = Files.readString(output, StandardCharsets.UTF_8);
            if (process.exitValue() != 0) {
                throw JvmThreadDiscovery.failure(pid, jcmd + " failed (exit code " + process.exitValue() + "): "
                        + firstError(text, pid));
            }
            return text;
        } catch (IOException e) {
            throw JvmThreadDiscovery.failure(pid, "running " + jcmd + " failed: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw JvmThreadDiscovery.failure(pid, "interrupted while waiting for " + jcmd);
        } finally {
            deleteQuietly(output);
        }
    }

    /** The line that says what went wrong: {@code jcmd} prints "{@code <pid>:}" and then an exception. */
    static String firstError(String output, int pid) {
        return output.lines()
                .map(String::strip)
                .filter(l -> !l.isEmpty() && !l.equals(pid + ":") && !l.startsWith("at "))
                .findFirst()
                .orElse("no output");
    }

    private static void deleteQuietly(Path file) {
        if (file == null) {
            return;
        }
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            LOG.debug("Could not delete {}: {}", file, e.getMessage());
        }
    }
}
