package dev.lachesis.sources;

import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads a source instance's share of a file's lines into a {@link RecordBuffer} at the input rate,
 * stamping each with its production time; the body of a file source's reader thread. It also
 * knows the source's backlog: the records in the buffer plus those the replay schedule says have
 * arrived but that wait outside because the buffer is full. Thread-safe: {@link #run()} on one
 * thread, the other methods from any.
 */
public final class FileReplayReader implements Runnable {
    private static final Logger LOG = LoggerFactory.getLogger(FileReplayReader.class);
    private static final long FOLLOW_POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(50);
    private static final long NANOS_PER_MILLI = 1_000_000;

    private final Path path;
    private final double ratePerSecond;
    private final boolean follow;
    private final int index;
    private final int instances;
    private final long firstSequence;
    private final RecordBuffer<String> buffer;
    private final ReplayClock clock;

    /** The schedule and how many records were handed over before it started; replaced as a whole. */
    private volatile Pace pace;
    private volatile boolean waitingForData;
    private volatile boolean finished;
    private volatile Exception failure;

    private record Pace(ReplaySchedule schedule, long startEpochMillis, long handedBefore) {
    }

    /**
     * @param settings the file, rate and follow mode
     * @param index this instance's index, from 0
     * @param instances how many instances share the file
     * @param firstSequence the first sequence number of this instance's share to read (earlier
     *        ones were acknowledged before a restart)
     * @param buffer where records go
     * @param clock the time to pace and stamp by
     */
    public FileReplayReader(FileReplaySettings settings, int index, int instances, long firstSequence,
            RecordBuffer<String> buffer, ReplayClock clock) {
        if (instances < 1 || index < 0 || index >= instances) {
            throw new IllegalArgumentException("instance " + index + " of " + instances + " does not exist");
        }
        this.path = Path.of(settings.path());
        this.ratePerSecond = settings.ratePerSecond();
        this.follow = settings.follow();
        this.index = index;
        this.instances = instances;
        this.firstSequence = firstSequence;
        this.buffer = buffer;
        this.clock = clock;
        this.pace = new Pace(new ReplaySchedule(ratePerSecond, clock.nanoTime()), clock.epochMillis(), 0);
    }

    /**
     * The name a source's reader thread gets, so Lachesis can tell it from the SPE's threads and
     * find its operator: {@code instance} is the Storm task id or the Flink subtask index.
     */
    public static String threadName(String component, int instance) {
        return "lachesis-source-reader-" + component + "-" + instance;
    }

    /**
     * Reads until the end of the file (or, following, until interrupted). An I/O error ends the
     * reader; {@link #failure()} then reports it.
     */
    @Override
    public void run() {
        try (Reader reader = new InputStreamReader(Files.newInputStream(path), StandardCharsets.UTF_8)) {
            readLines(reader);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException | RuntimeException e) {
            failure = e;
            LOG.error("Source reader of {} stopped: {}", path, e.toString());
        } finally {
            waitingForData = false;
            finished = true;
            buffer.wakeWaiter();
        }
    }

    private void readLines(Reader reader) throws IOException, InterruptedException {
        char[] chunk = new char[8192];
        StringBuilder line = new StringBuilder();
        long lineNumber = 0;
        long share = 0;
        long handed = 0;
        while (!Thread.currentThread().isInterrupted()) {
            int read = reader.read(chunk);
            if (read < 0) {
                if (!follow) {
                    if (line.length() > 0 && isOurs(lineNumber) && share++ >= firstSequence) {
                        handOver(line.toString(), share - 1, handed);
                    }
                    return;
                }
                waitingForData = true;
                clock.sleepUntil(clock.nanoTime() + FOLLOW_POLL_NANOS);
                continue;
            }
            if (waitingForData) {
                // New data after the end: the schedule restarts now rather than counting the wait as arrivals.
                waitingForData = false;
                pace = new Pace(new ReplaySchedule(ratePerSecond, clock.nanoTime()), clock.epochMillis(), handed);
            }
            for (int i = 0; i < read; i++) {
                char c = chunk[i];
                if (c != '\n') {
                    line.append(c);
                    continue;
                }
                if (isOurs(lineNumber++) && share++ >= firstSequence) {
                    handOver(stripCarriageReturn(line), share - 1, handed++);
                }
                line.setLength(0);
            }
        }
    }

    private boolean isOurs(long lineNumber) {
        return lineNumber % instances == index;
    }

    private static String stripCarriageReturn(StringBuilder line) {
        int end = line.length();
        return end > 0 && line.charAt(end - 1) == '\r' ? line.substring(0, end - 1) : line.toString();
    }

    private void handOver(String text, long sequence, long handed) throws InterruptedException {
        Pace current = pace;
        long n = handed - current.handedBefore();
        long producedAtMillis;
        if (current.schedule().paced()) {
            long due = current.schedule().dueNanos(n);
            clock.sleepUntil(due);
            // Whole milliseconds, rounded down like the start's epoch time: a stamp never lies after the
            // moment the schedule meant, so a sink's end-to-end latency is never understated (a fast
            // real-time pipeline delivers records within a millisecond).
            producedAtMillis = current.startEpochMillis() + (due - current.schedule().startNanos()) / NANOS_PER_MILLI;
        } else {
            producedAtMillis = clock.epochMillis();
        }
        buffer.put(new StampedRecord<>(text, sequence, producedAtMillis));
    }

    /**
     * The source's backlog in records: what is in the buffer plus, for a paced replay, what the
     * schedule says has arrived but could not enter the full buffer yet. Without a rate only the
     * buffer counts (records are not due at a known time). Once the reader reached the end of the
     * file (or waits for it to grow) nothing waits outside.
     */
    public long backlog() {
        return buffer.size() + waitingOutside();
    }

    /** Records due by the schedule that the reader has not handed to the buffer yet. */
    public long waitingOutside() {
        Pace current = pace;
        if (finished || waitingForData || !current.schedule().paced()) {
            return 0;
        }
        long due = current.schedule().dueCount(clock.nanoTime());
        long handed = buffer.added() - current.handedBefore();
        return Math.max(0, due - handed);
    }

    /** Whether the reader has stopped: the end of the file, an error or an interrupt. */
    public boolean finished() {
        return finished;
    }

    /** The error that stopped the reader, or {@code null}. */
    public Exception failure() {
        return failure;
    }
}
