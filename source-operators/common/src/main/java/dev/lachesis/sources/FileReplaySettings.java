package dev.lachesis.sources;

import java.io.Serializable;
import java.nio.file.Path;

/**
 * What a file source reads and how: the file, the input rate it replays it at, the most records
 * it buffers, whether it follows a file that grows, and where it keeps its progress across
 * restarts. Each parallel instance of a source reads its share of the lines (line {@code i} goes to
 * instance {@code i mod instances}) at the full rate, so a query's input rate is the rate times
 * the parallelism. Immutable; serializable so topologies and jobs can carry it.
 *
 * @param path the file, one record per line (UTF-8)
 * @param ratePerSecond records per second per instance, or 0 for as fast as the SPE takes them
 * @param capacity the most records buffered between the reader thread and the emit path
 * @param follow keep reading as the file grows (like {@code tail -f}) instead of stopping at its end
 * @param progressDirectory where acknowledged progress is kept so a restarted source resumes after
 *        what was acknowledged, or {@code null} to read from the start each time
 */
public record FileReplaySettings(String path, double ratePerSecond, int capacity, boolean follow, String progressDirectory)
        implements Serializable {
    private static final long serialVersionUID = 1L;

    /** The buffer's capacity unless set: records, not bytes. */
    public static final int DEFAULT_CAPACITY = 10_000;

    /** Checks each setting; the message names the setting and the value. */
    public FileReplaySettings {
        if (path == null || path.isBlank()) {
            throw new IllegalArgumentException("path was '" + path + "' but must name a file");
        }
        if (!(ratePerSecond >= 0) || Double.isInfinite(ratePerSecond)) {
            throw new IllegalArgumentException("ratePerSecond was " + ratePerSecond + " but must be a finite number >= 0");
        }
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity was " + capacity + " but must be at least 1 record");
        }
    }

    /** Reads {@code path} once from the start, as fast as the SPE takes it, with the default capacity. */
    public static FileReplaySettings of(Path path) {
        return new FileReplaySettings(path.toString(), 0, DEFAULT_CAPACITY, false, null);
    }

    /** The same settings replaying at {@code recordsPerSecond} per instance. */
    public FileReplaySettings withRate(double recordsPerSecond) {
        return new FileReplaySettings(path, recordsPerSecond, capacity, follow, progressDirectory);
    }

    /** The same settings buffering at most {@code records}. */
    public FileReplaySettings withCapacity(int records) {
        return new FileReplaySettings(path, ratePerSecond, records, follow, progressDirectory);
    }

    /** The same settings following the file as it grows. */
    public FileReplaySettings following() {
        return new FileReplaySettings(path, ratePerSecond, capacity, true, progressDirectory);
    }

    /** The same settings keeping acknowledged progress in {@code directory}. */
    public FileReplaySettings withProgressIn(Path directory) {
        return new FileReplaySettings(path, ratePerSecond, capacity, follow, directory.toString());
    }
}
