package dev.lachesis.sources.flink;

import java.util.Set;

/**
 * The enumerator's checkpointed state: which subtasks already got their share (their progress
 * lives in their own reader state from then on). Immutable.
 *
 * @param subtasks subtask indexes that were assigned a share
 */
public record AssignedShares(Set<Integer> subtasks) {
    /** Copies {@code subtasks}. */
    public AssignedShares {
        subtasks = Set.copyOf(subtasks);
    }
}
