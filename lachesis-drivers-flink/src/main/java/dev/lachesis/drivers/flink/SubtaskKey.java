package dev.lachesis.drivers.flink;

import java.util.Objects;

/**
 * One subtask of one vertex of one job. Its {@link #operatorId()} is the id of the physical
 * operator the driver reports for it and the key of its metrics. Immutable.
 *
 * @param jobId the job id
 * @param vertexId the vertex id
 * @param index the subtask index, from 0
 */
public record SubtaskKey(String jobId, String vertexId, int index) {
    public SubtaskKey {
        Objects.requireNonNull(jobId, "jobId");
        Objects.requireNonNull(vertexId, "vertexId");
    }

    /** {@code <job id>/<vertex id>/<subtask index>}: unique within a Flink cluster. */
    public String operatorId() {
        return jobId + "/" + vertexId + "/" + index;
    }

    /** The id of the {@code k}-th operator (from 0) of the vertex's chain, unique within the job. */
    public static String logicalOperatorId(String vertexId, int k) {
        return vertexId + ":" + k;
    }
}
