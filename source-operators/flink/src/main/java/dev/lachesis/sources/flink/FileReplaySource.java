package dev.lachesis.sources.flink;

import dev.lachesis.sources.FileReplaySettings;
import java.util.Set;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.api.java.typeutils.ResultTypeQueryable;
import org.apache.flink.core.io.SimpleVersionedSerializer;

/**
 * A Flink source (FLIP-27) that replays a file's lines at a fixed input rate, the way the papers'
 * sensor workloads feed a query, and publishes its backlog as {@value SourceQueueSize#NAME}. Each
 * subtask's reader thread puts its share of the lines into a bounded buffer when the schedule says
 * they arrive; the task emits from it. When the job cannot keep up, the backlog grows in the
 * source, where Lachesis sees it, and the buffer's cap holds the reader (nothing is dropped).
 * Records are {@link StampedLine}s whose Flink timestamp is also their production time.
 * Checkpoints keep each subtask's position, so a job restored from one resumes after the records
 * it had emitted. Bounded unless the file is followed. Immutable and serializable.
 *
 * <pre>{@code
 * env.fromSource(FileReplaySource.of(FileReplaySettings.of(path).withRate(2_000), "sensors"),
 *         WatermarkStrategy.noWatermarks(), "sensors");
 * }</pre>
 */
public final class FileReplaySource implements Source<StampedLine, FileShareSplit, AssignedShares>,
        ResultTypeQueryable<StampedLine> {
    private static final long serialVersionUID = 1L;

    private final FileReplaySettings settings;
    private final String name;

    private FileReplaySource(FileReplaySettings settings, String name) {
        this.settings = settings;
        this.name = name;
    }

    /**
     * A source reading per {@code settings}; {@code name} goes into the reader threads' names
     * ({@code lachesis-source-reader-<name>-<subtask>}), best the same as the operator's. The
     * file is opened where the subtasks run, not where the job is built: a file that cannot be
     * read fails the subtask with the I/O error.
     */
    public static FileReplaySource of(FileReplaySettings settings, String name) {
        return new FileReplaySource(settings, name);
    }

    @Override
    public Boundedness getBoundedness() {
        return settings.follow() ? Boundedness.CONTINUOUS_UNBOUNDED : Boundedness.BOUNDED;
    }

    @Override
    public SourceReader<StampedLine, FileShareSplit> createReader(SourceReaderContext context) {
        return new FileReplaySourceReader(settings, name, context);
    }

    @Override
    public SplitEnumerator<FileShareSplit, AssignedShares> createEnumerator(SplitEnumeratorContext<FileShareSplit> context) {
        return new FileShareEnumerator(context, !settings.follow(), new AssignedShares(Set.of()));
    }

    @Override
    public SplitEnumerator<FileShareSplit, AssignedShares> restoreEnumerator(
            SplitEnumeratorContext<FileShareSplit> context, AssignedShares checkpoint) {
        return new FileShareEnumerator(context, !settings.follow(), checkpoint);
    }

    @Override
    public SimpleVersionedSerializer<FileShareSplit> getSplitSerializer() {
        return FileShareSplitSerializer.INSTANCE;
    }

    @Override
    public SimpleVersionedSerializer<AssignedShares> getEnumeratorCheckpointSerializer() {
        return AssignedSharesSerializer.INSTANCE;
    }

    @Override
    public TypeInformation<StampedLine> getProducedType() {
        return TypeInformation.of(StampedLine.class);
    }
}
