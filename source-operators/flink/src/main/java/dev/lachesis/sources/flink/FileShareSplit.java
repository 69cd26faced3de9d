package dev.lachesis.sources.flink;

import org.apache.flink.api.connector.source.SourceSplit;

/**
 * One subtask's share of the file (line {@code i} belongs to share {@code i mod instances}) and
 * the first record of it not yet emitted, which is what a checkpoint stores. Immutable.
 *
 * @param index the share, which is the subtask index
 * @param instances how many shares the file is cut into (the source's parallelism)
 * @param nextSequence the first record of the share still to emit
 */
public record FileShareSplit(int index, int instances, long nextSequence) implements SourceSplit {
    @Override
    public String splitId() {
        return index + "-of-" + instances;
    }

    /** The same share, to resume at {@code sequence}. */
    public FileShareSplit resumingAt(long sequence) {
        return new FileShareSplit(index, instances, sequence);
    }
}
