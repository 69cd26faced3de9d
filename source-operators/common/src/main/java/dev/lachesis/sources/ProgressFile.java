package dev.lachesis.sources;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Objects;

/**
 * Where a file source instance keeps the first sequence number not yet acknowledged, so a
 * restarted topology resumes there instead of at the start (at-least-once: records emitted after
 * it are read again). Written to a temporary file and moved into place, so a crash leaves the old
 * or the new value, never half of one. Not thread-safe.
 */
public final class ProgressFile {
    private final Path path;

    /** @param path the file; its directory is created on the first write */
    public ProgressFile(Path path) {
        this.path = path;
    }

    /**
     * The file for one instance's share of {@code source}: the share depends on the instance and
     * the number of instances, so both are part of the name.
     */
    public static ProgressFile forInstance(Path directory, Path source, String component, int index, int instances) {
        String name = source.getFileName() + "-" + component.replaceAll("[^A-Za-z0-9_.-]", "_")
                + "-" + index + "-of-" + instances + ".progress";
        return new ProgressFile(directory.resolve(name));
    }

    /** The stored sequence number, or 0 if there is none yet. */
    public long read() {
        if (!Files.exists(path)) {
            return 0;
        }
        String text;
        try {
            text = Files.readString(path, StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read source progress " + path + ": " + e.getMessage(), e);
        }
        try {
            long value = Long.parseLong(text);
            if (value < 0) {
                throw new NumberFormatException("negative");
            }
            return value;
        } catch (NumberFormatException e) {
            throw new IllegalStateException("Source progress " + path + " holds '" + text
                    + "' but must hold a sequence number >= 0; delete it to read from the start", e);
        }
    }

    /** Stores {@code firstUnacked}, replacing the previous value atomically. */
    public void write(long firstUnacked) {
        try {
            Path directory = Objects.requireNonNull(path.toAbsolutePath().getParent(), "a progress file has a directory");
            Files.createDirectories(directory);
            Path temporary = path.resolveSibling(path.getFileName() + ".tmp");
            Files.writeString(temporary, Long.toString(firstUnacked), StandardCharsets.UTF_8);
            try {
                Files.move(temporary, path, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temporary, path, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write source progress " + path + ": " + e.getMessage(), e);
        }
    }

    /** The file's path. */
    public Path path() {
        return path;
    }
}
