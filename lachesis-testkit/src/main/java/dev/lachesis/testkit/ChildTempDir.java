package dev.lachesis.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A directory of its own for a child JVM's {@code java.io.tmpdir}, deleted with everything in it
 * by the child's owner once the child has ended.
 *
 * <p>The SPEs we run in child JVMs keep their working files in {@code java.io.tmpdir} and remove
 * them only when they are shut down in order, which a child stopped with SIGTERM or SIGKILL never
 * is: Storm 2.8's {@code LocalCluster} leaves five directories named by bare UUIDs per run
 * (ZooKeeper's data, nimbus', each of its two supervisors', and its {@code storm.home} with
 * RocksDB's metric store) and, when killed, RocksDB's 15 MB native library; Flink 1.20's
 * {@code MiniCluster} a 21 MB copy of its RPC jar. With the whole directory the owner's, whatever the child wrote goes
 * with it however the child ended; only an owner that is itself killed leaves one behind, named
 * after its prefix. Thread-safe.
 */
public final class ChildTempDir implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ChildTempDir.class);

    private final Path path;

    private ChildTempDir(Path path) {
        this.path = path;
    }

    /** Creates an empty directory in this JVM's {@code java.io.tmpdir}, its name {@code prefix} and a random part. */
    public static ChildTempDir create(String prefix) throws IOException {
        return new ChildTempDir(Files.createTempDirectory(prefix));
    }

    public Path path() {
        return path;
    }

    /** The option that makes this directory a JVM's {@code java.io.tmpdir}, to place before its main class. */
    public String jvmOption() {
        return "-Djava.io.tmpdir=" + path;
    }

    /**
     * Deletes the directory and everything in it; call it once the child has ended, or files it
     * writes meanwhile stay. A failure is logged with the path, for the user to remove it. Idempotent.
     */
    @Override
    public void close() {
        try (Stream<Path> paths = Files.walk(path)) {
            paths.sorted(Comparator.reverseOrder()).forEach(ChildTempDir::deleteIfExists);
        } catch (NoSuchFileException e) {
            LOG.debug("{} is already gone", path);
        } catch (IOException | UncheckedIOException e) {
            LOG.warn("Could not delete the child JVM's temporary directory {}: {}", path, e.getMessage());
        }
    }

    private static void deleteIfExists(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public String toString() {
        return path.toString();
    }
}
