package dev.lachesis.drivers.flink;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A running Flink job and its physical graph (vertices and their inputs), from REST. A cancelled
 * and resubmitted job is a new {@code FlinkJob} with a new id. Immutable.
 *
 * @param id the job id
 * @param name the job name
 * @param vertices the vertices in the order REST lists them (sources first)
 */
public record FlinkJob(String id, String name, List<FlinkVertex> vertices) {
    public FlinkJob {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
        vertices = List.copyOf(vertices);
    }

    public Optional<FlinkVertex> vertex(String vertexId) {
        return vertices.stream().filter(v -> v.id().equals(vertexId)).findFirst();
    }
}
