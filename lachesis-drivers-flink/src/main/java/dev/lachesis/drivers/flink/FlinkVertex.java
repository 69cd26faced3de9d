package dev.lachesis.drivers.flink;

import java.util.List;
import java.util.Objects;

/**
 * A job vertex as Flink's REST API describes it: one operator chain, run by {@code parallelism}
 * subtasks, each a thread named after {@link #name()}. Immutable.
 *
 * @param id the vertex id (also the {@code <task_id>} of metric scopes)
 * @param name the task name: the chain's operator names joined with {@code " -> "}
 * @param parallelism the number of subtasks
 * @param operatorNames the chained operators' names, in chain order
 * @param inputs the ids of the vertices that feed this one
 */
public record FlinkVertex(String id, String name, int parallelism, List<String> operatorNames, List<String> inputs) {
    public FlinkVertex {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
        operatorNames = List.copyOf(operatorNames);
        inputs = List.copyOf(inputs);
    }

    /** Whether the vertex reads no other vertex: it starts with a source. */
    public boolean isSource() {
        return inputs.isEmpty();
    }
}
