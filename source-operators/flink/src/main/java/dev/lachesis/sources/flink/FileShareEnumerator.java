package dev.lachesis.sources.flink;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;

/**
 * Gives each subtask its share of the file when its reader registers, once; a share handed back
 * after a failure goes to the same subtask again, resuming where its last checkpoint left it. Not
 * thread-safe: Flink calls an enumerator from its coordinator thread only.
 */
final class FileShareEnumerator implements SplitEnumerator<FileShareSplit, AssignedShares> {
    private final SplitEnumeratorContext<FileShareSplit> context;
    private final boolean bounded;
    private final Set<Integer> assigned;
    private final java.util.Map<Integer, FileShareSplit> handedBack = new java.util.HashMap<>();

    FileShareEnumerator(SplitEnumeratorContext<FileShareSplit> context, boolean bounded, AssignedShares restored) {
        this.context = context;
        this.bounded = bounded;
        this.assigned = new HashSet<>(restored.subtasks());
    }

    @Override
    public void start() {
        // Shares are handed out as readers register.
    }

    @Override
    public void handleSplitRequest(int subtaskId, String requesterHostname) {
        // Each reader gets its one share on registration; there is nothing more to hand out.
    }

    @Override
    public void addSplitsBack(List<FileShareSplit> splits, int subtaskId) {
        for (FileShareSplit split : splits) {
            handedBack.put(split.index(), split);
            assigned.remove(split.index());
        }
    }

    @Override
    public void addReader(int subtaskId) {
        if (!assigned.contains(subtaskId)) {
            FileShareSplit split = handedBack.remove(subtaskId);
            if (split == null) {
                split = new FileShareSplit(subtaskId, context.currentParallelism(), 0);
            }
            context.assignSplit(split, subtaskId);
            assigned.add(subtaskId);
        }
        if (bounded) {
            context.signalNoMoreSplits(subtaskId);
        }
    }

    @Override
    public AssignedShares snapshotState(long checkpointId) {
        return new AssignedShares(assigned);
    }

    @Override
    public void close() {
        // Holds no resources.
    }
}
