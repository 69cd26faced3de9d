package dev.lachesis.sources.storm;

import dev.lachesis.sources.AckedPrefix;
import dev.lachesis.sources.FileReplayReader;
import dev.lachesis.sources.FileReplaySettings;
import dev.lachesis.sources.ProgressFile;
import dev.lachesis.sources.ReaderThread;
import dev.lachesis.sources.RecordBuffer;
import dev.lachesis.sources.ReplayClock;
import dev.lachesis.sources.StampedRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.storm.spout.SpoutOutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseRichSpout;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Values;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A spout that replays a file's lines at a fixed input rate, the way the papers' sensor workloads
 * feed a query, and publishes its backlog as {@value SourceQueueSize#NAME}. A reader thread
 * ({@code lachesis-source-reader-<component>-<task id>}, the task id Storm's executor threads
 * and metric names carry) puts lines into a bounded buffer when
 * the schedule says they arrive; {@code nextTuple} emits from it. When the topology cannot keep
 * up the backlog grows in the spout, where Lachesis sees it, and the buffer's cap holds the reader
 * (nothing is dropped). Each tuple carries {@value #RECORD_FIELD} (the line) and
 * {@value #PRODUCED_AT_FIELD} (its production time, epoch milliseconds) for end-to-end latency, and
 * {@value #EMITTED_AT_FIELD} (when this spout emitted it into Storm, epoch microseconds) for the
 * latency inside Storm, which leaves out the wait in the source's backlog.
 *
 * <p>Tuples are emitted with a message id, so with ackers they are at-least-once: a failed tuple
 * is emitted again, and with a progress directory a restarted topology resumes after the records
 * acknowledged before. Instances share the file line by line ({@link FileReplaySettings}).
 * Not thread-safe: Storm calls a spout from its executor thread only.
 */
public class FileReplaySpout extends BaseRichSpout {
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(FileReplaySpout.class);

    /** The field holding the line. */
    public static final String RECORD_FIELD = "record";
    /** The field holding the production time, milliseconds since the epoch ({@code long}). */
    public static final String PRODUCED_AT_FIELD = "producedAtMillis";
    /**
     * The field holding the time the spout emitted the tuple (its ingestion time), microseconds since
     * the epoch ({@code long}); a re-emitted tuple carries the time of its latest emission.
     */
    public static final String EMITTED_AT_FIELD = "emittedAtMicros";

    private static final long PROGRESS_WRITE_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final FileReplaySettings settings;

    private transient SpoutOutputCollector collector;
    private transient RecordBuffer<String> buffer;
    private transient FileReplayReader reader;
    private transient ReaderThread readerThread;
    private transient Map<Long, StampedRecord<String>> inFlight;
    private transient ArrayDeque<StampedRecord<String>> toRetry;
    private transient AtomicInteger toRetryCount;
    private transient AckedPrefix acked;
    private transient ProgressFile progress;
    private transient long progressWrittenAt;
    /** Volatile: close() may run on another thread than the executor's. */
    private transient volatile long progressWritten;

    /** @param settings the file, its rate, the buffer's cap and where progress is kept */
    public FileReplaySpout(FileReplaySettings settings) {
        this.settings = settings;
    }

    @Override
    public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
        this.collector = collector;
        String component = context.getThisComponentId();
        int index = context.getThisTaskIndex();
        int instances = context.getComponentTasks(component).size();
        Path file = Path.of(settings.path());
        if (!Files.isReadable(file)) {
            throw new IllegalArgumentException("Spout " + component + ": path '" + file + "' is not a readable file");
        }
        long first = 0;
        if (settings.progressDirectory() != null) {
            progress = ProgressFile.forInstance(Path.of(settings.progressDirectory()), file, component, index, instances);
            first = progress.read();
            progressWritten = first;
        }
        acked = new AckedPrefix(first);
        inFlight = new HashMap<>();
        toRetry = new ArrayDeque<>();
        toRetryCount = new AtomicInteger();
        buffer = new RecordBuffer<>(settings.capacity());
        reader = new FileReplayReader(settings, index, instances, first, buffer, ReplayClock.SYSTEM);
        SourceQueueSize.register(context, () -> reader.backlog() + toRetryCount.get());
        readerThread = ReaderThread.start(component, context.getThisTaskId(), reader);
        LOG.info("Spout {} task {} replays {} from record {} at {} records/s (buffer {} records)",
                component, index, file, first, settings.ratePerSecond(), settings.capacity());
    }

    @Override
    public void nextTuple() {
        StampedRecord<String> record = toRetry.poll();
        if (record != null) {
            toRetryCount.decrementAndGet();
        } else {
            record = buffer.poll();
        }
        if (record == null) {
            Exception failure = reader.failure();
            if (failure != null) {
                throw new IllegalStateException("Reading " + settings.path() + " failed: " + failure.getMessage(), failure);
            }
            return;
        }
        inFlight.put(record.sequence(), record);
        collector.emit(new Values(record.value(), record.producedAtMillis(), ReplayClock.SYSTEM.epochMicros()),
                record.sequence());
    }

    @Override
    public void ack(Object messageId) {
        long sequence = (Long) messageId;
        inFlight.remove(sequence);
        if (acked.ack(sequence) && progress != null) {
            long now = System.nanoTime();
            if (now - progressWrittenAt >= PROGRESS_WRITE_NANOS) {
                writeProgress();
                progressWrittenAt = now;
            }
        }
    }

    @Override
    public void fail(Object messageId) {
        StampedRecord<String> record = inFlight.remove((Long) messageId);
        if (record != null) {
            toRetry.add(record);
            toRetryCount.incrementAndGet();
        }
    }

    @Override
    public void deactivate() {
        if (progress != null) {
            writeProgress();
        }
    }

    @Override
    public void close() {
        if (readerThread != null) {
            readerThread.close();
        }
        if (progress != null) {
            writeProgress();
        }
    }

    private void writeProgress() {
        long first = acked.firstUnacked();
        if (first != progressWritten) {
            progress.write(first);
            progressWritten = first;
        }
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields(RECORD_FIELD, PRODUCED_AT_FIELD, EMITTED_AT_FIELD));
    }
}
