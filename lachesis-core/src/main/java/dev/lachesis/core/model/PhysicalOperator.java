package dev.lachesis.core.model;

import java.util.List;
import java.util.Objects;

/**
 * One running instance of one or more logical operators (a Storm executor, a Flink subtask of an
 * operator chain). More than one logical operator means the SPE fused them (2021 paper, Algorithm 2).
 * Immutable.
 *
 * @param id unique within the SPE instance, stable while the instance runs; the key of its metrics
 * @param queryId the query it belongs to
 * @param logicalOperatorIds the logical operators it runs, in chain order
 * @param index its parallel index among the replicas of the same logical operators, from 0
 * @param parallelism the number of replicas
 */
public record PhysicalOperator(String id, String queryId, List<String> logicalOperatorIds, int index,
                               int parallelism) {
    public PhysicalOperator {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(queryId, "queryId");
        logicalOperatorIds = List.copyOf(logicalOperatorIds);
        if (logicalOperatorIds.isEmpty()) {
            throw new IllegalArgumentException("physical operator " + id + " runs no logical operator");
        }
        if (index < 0 || parallelism < 1 || index >= parallelism) {
            throw new IllegalArgumentException("physical operator " + id + ": index " + index
                    + " outside parallelism " + parallelism);
        }
    }

    /** Whether the SPE fused several logical operators into this one. */
    public boolean isFused() {
        return logicalOperatorIds.size() > 1;
    }
}
