package dev.lachesis.sources.flink;

import java.util.Collection;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.flink.api.connector.source.ReaderOutput;
import org.apache.flink.api.connector.source.SourceEvent;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceSplit;
import org.apache.flink.core.io.InputStatus;

/**
 * A Flink source reader that hands every call to the reader it wraps: the readers that add
 * something to a connector's own (a backlog metric, a record count) extend it and override only
 * what they add to. Not thread-safe, like the readers it wraps (the task thread calls them).
 *
 * @param <T> the records
 * @param <S> the splits
 */
// Flink's SourceReader is AutoCloseable with close() throwing Exception (so InterruptedException too);
// Flink closes readers itself, never in a try-with-resources, so javac's "try" lint does not apply.
@SuppressWarnings("try")
public abstract class ForwardingSourceReader<T, S extends SourceSplit> implements SourceReader<T, S> {
    private final SourceReader<T, S> reader;

    /** Wraps {@code reader}. */
    protected ForwardingSourceReader(SourceReader<T, S> reader) {
        this.reader = reader;
    }

    /** The wrapped reader. */
    protected final SourceReader<T, S> wrapped() {
        return reader;
    }

    @Override
    public void start() {
        reader.start();
    }

    @Override
    public InputStatus pollNext(ReaderOutput<T> output) throws Exception {
        return reader.pollNext(output);
    }

    @Override
    public List<S> snapshotState(long checkpointId) {
        return reader.snapshotState(checkpointId);
    }

    @Override
    public CompletableFuture<Void> isAvailable() {
        return reader.isAvailable();
    }

    @Override
    public void addSplits(List<S> splits) {
        reader.addSplits(splits);
    }

    @Override
    public void notifyNoMoreSplits() {
        reader.notifyNoMoreSplits();
    }

    @Override
    public void handleSourceEvents(SourceEvent event) {
        reader.handleSourceEvents(event);
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId) throws Exception {
        reader.notifyCheckpointComplete(checkpointId);
    }

    @Override
    public void notifyCheckpointAborted(long checkpointId) throws Exception {
        reader.notifyCheckpointAborted(checkpointId);
    }

    @Override
    public void pauseOrResumeSplits(Collection<String> pausedSplitIds, Collection<String> resumedSplitIds) {
        reader.pauseOrResumeSplits(pausedSplitIds, resumedSplitIds);
    }

    @Override
    public void close() throws Exception {
        reader.close();
    }
}
