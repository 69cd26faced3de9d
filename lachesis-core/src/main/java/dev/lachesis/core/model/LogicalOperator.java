package dev.lachesis.core.model;

import java.util.Objects;

/**
 * An operator of a query as the user wrote it (a Storm component, a Flink operator), before the SPE
 * fuses or replicates it. Immutable.
 *
 * @param id unique within the query
 * @param name a human-readable name
 */
public record LogicalOperator(String id, String name) {
    public LogicalOperator {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
    }
}
