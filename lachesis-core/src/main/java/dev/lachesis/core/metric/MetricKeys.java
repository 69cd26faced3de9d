package dev.lachesis.core.metric;

import java.util.Objects;

/**
 * Builds the entity keys of metric values that are not keyed by a physical operator id. Physical
 * operator ids are unique within an SPE instance, but logical operator ids are unique only within
 * their query (two topologies may both have a {@code split} bolt), so per-logical-operator metrics
 * ({@link MetricNames#PATH_SELECTIVITY}, {@link MetricNames#PATH_COST}) are keyed by
 * {@link #logical(String, String)}. Stateless.
 */
public final class MetricKeys {
    /** Separates the query id from the logical operator id in a logical key. */
    public static final char LOGICAL_SEPARATOR = '/';

    private MetricKeys() {
    }

    /**
     * The key of a logical operator's values: {@code <queryId>/<operatorId>}, e.g.
     * {@code wordcount-1-1700000000/split}.
     */
    public static String logical(String queryId, String operatorId) {
        Objects.requireNonNull(queryId, "queryId");
        Objects.requireNonNull(operatorId, "operatorId");
        return queryId + LOGICAL_SEPARATOR + operatorId;
    }
}
