package dev.lachesis.sources.flink;

import dev.lachesis.sources.FileReplayReader;
import dev.lachesis.sources.FileReplaySettings;
import dev.lachesis.sources.ReaderThread;
import dev.lachesis.sources.RecordBuffer;
import dev.lachesis.sources.ReplayClock;
import dev.lachesis.sources.StampedRecord;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.flink.api.connector.source.ReaderOutput;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.core.io.InputStatus;

/**
 * A subtask of the file source: once it gets its share of the file it starts the reader thread
 * ({@code lachesis-source-reader-<name>-<subtask>}) that fills the bounded buffer at the input
 * rate, and emits from the buffer when Flink polls, stamping each record with the time it emits it. Checkpoints store the first record not yet
 * emitted. Publishes {@value SourceQueueSize#NAME} (buffer plus records due but waiting outside)
 * and, as FLIP-33's {@code pendingRecords}, the records waiting outside. Not thread-safe: Flink
 * calls a reader from its task thread only; the reader thread touches only the buffer.
 */
final class FileReplaySourceReader implements SourceReader<StampedLine, FileShareSplit> {
    private final FileReplaySettings settings;
    private final String name;
    private final SourceReaderContext context;
    private final RecordBuffer<String> buffer;

    private FileShareSplit split;
    private FileReplayReader reader;
    private ReaderThread readerThread;
    private boolean noMoreSplits;
    private long nextSequence;

    FileReplaySourceReader(FileReplaySettings settings, String name, SourceReaderContext context) {
        this.settings = settings;
        this.name = name;
        this.context = context;
        this.buffer = new RecordBuffer<>(settings.capacity());
    }

    @Override
    public void start() {
        SourceQueueSize.register(context.metricGroup(), () -> reader == null ? buffer.size() : reader.backlog());
        context.metricGroup().setPendingRecordsGauge(() -> reader == null ? 0L : reader.waitingOutside());
    }

    @Override
    public InputStatus pollNext(ReaderOutput<StampedLine> output) {
        StampedRecord<String> record = buffer.poll();
        if (record != null) {
            output.collect(new StampedLine(record.value(), record.producedAtMillis(), ReplayClock.SYSTEM.epochMicros()),
                    record.producedAtMillis());
            nextSequence = record.sequence() + 1;
            return buffer.size() > 0 ? InputStatus.MORE_AVAILABLE : InputStatus.NOTHING_AVAILABLE;
        }
        if (reader != null && reader.finished()) {
            Exception failure = reader.failure();
            if (failure != null) {
                throw new IllegalStateException("Reading " + settings.path() + " failed: " + failure.getMessage(), failure);
            }
            if (buffer.size() == 0) {
                return InputStatus.END_OF_INPUT;
            }
            return InputStatus.MORE_AVAILABLE;
        }
        if (reader == null && noMoreSplits) {
            return InputStatus.END_OF_INPUT;
        }
        return InputStatus.NOTHING_AVAILABLE;
    }

    @Override
    public List<FileShareSplit> snapshotState(long checkpointId) {
        return split == null ? List.of() : List.of(split.resumingAt(nextSequence));
    }

    @Override
    public CompletableFuture<Void> isAvailable() {
        if (buffer.size() > 0 || (reader != null && reader.finished()) || (reader == null && noMoreSplits)) {
            return CompletableFuture.completedFuture(null);
        }
        return buffer.whenNotEmpty();
    }

    @Override
    public void addSplits(List<FileShareSplit> splits) {
        if (splits.isEmpty()) {
            return;
        }
        if (split != null || splits.size() > 1) {
            throw new IllegalStateException("File source subtask " + context.getIndexOfSubtask()
                    + " got shares " + splits + " but reads exactly one");
        }
        split = splits.get(0);
        nextSequence = split.nextSequence();
        reader = new FileReplayReader(settings, split.index(), split.instances(), split.nextSequence(), buffer,
                ReplayClock.SYSTEM);
        readerThread = ReaderThread.start(name, context.getIndexOfSubtask(), reader);
    }

    @Override
    public void notifyNoMoreSplits() {
        noMoreSplits = true;
        buffer.wakeWaiter();
    }

    @Override
    public void close() {
        if (readerThread != null) {
            readerThread.close();
        }
    }
}
