package dev.lachesis.core.model;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * A running query: its logical operators and the edges between them (a DAG). Policies walk it to
 * compute path metrics; the transformation rule maps its logical operators to physical ones.
 * Where the driver learns the graph from the query's traffic (Storm without Nimbus), an operator
 * that has not yet shown whether tuples reach it is undetermined: it has no known upstream, but it
 * is not taken for a source. Immutable.
 *
 * @param id unique within the SPE instance (a Storm topology id, a Flink job id)
 * @param name a human-readable name
 * @param operators the logical operators
 * @param downstream for each logical operator id, the ids it sends tuples to
 * @param undetermined the operators whose upstream is not known yet
 */
public record Query(String id, String name, List<LogicalOperator> operators, Map<String, Set<String>> downstream,
                    Set<String> undetermined) {
    /** A query whose whole graph is known. */
    public Query(String id, String name, List<LogicalOperator> operators, Map<String, Set<String>> downstream) {
        this(id, name, operators, downstream, Set.of());
    }

    public Query {
        undetermined = Set.copyOf(undetermined);
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
        operators = List.copyOf(operators);
        Map<String, Set<String>> edges = new LinkedHashMap<>();
        for (LogicalOperator op : operators) {
            edges.put(op.id(), Set.copyOf(downstream.getOrDefault(op.id(), Set.of())));
        }
        for (Map.Entry<String, Set<String>> e : downstream.entrySet()) {
            if (!edges.containsKey(e.getKey())) {
                throw new IllegalArgumentException("query " + id + ": edge from unknown operator " + e.getKey());
            }
            for (String to : e.getValue()) {
                if (!edges.containsKey(to)) {
                    throw new IllegalArgumentException("query " + id + ": edge to unknown operator " + to);
                }
            }
        }
        downstream = Map.copyOf(edges);
    }

    /** The operators that send tuples to {@code operatorId}. */
    public Set<String> upstreamOf(String operatorId) {
        Set<String> result = new TreeSet<>();
        downstream.forEach((from, tos) -> {
            if (tos.contains(operatorId)) {
                result.add(from);
            }
        });
        return result;
    }

    /** The operators that {@code operatorId} sends tuples to. */
    public Set<String> downstreamOf(String operatorId) {
        return downstream.getOrDefault(operatorId, Set.of());
    }

    /** Operators without upstream, and known to have none: the query's sources. */
    public List<String> sources() {
        List<String> result = new ArrayList<>();
        for (LogicalOperator op : operators) {
            if (isSource(op.id())) {
                result.add(op.id());
            }
        }
        return result;
    }

    /** Operators without downstream: the query's sinks. */
    public List<String> sinks() {
        List<String> result = new ArrayList<>();
        for (LogicalOperator op : operators) {
            if (downstreamOf(op.id()).isEmpty()) {
                result.add(op.id());
            }
        }
        return result;
    }

    /** The human-readable name of logical operator {@code operatorId}, if this query has it. */
    public Optional<String> operatorName(String operatorId) {
        return operators.stream().filter(op -> op.id().equals(operatorId)).map(LogicalOperator::name).findFirst();
    }

    /** Whether {@code operatorId} has no upstream and is known to have none. */
    public boolean isSource(String operatorId) {
        return upstreamOf(operatorId).isEmpty() && !undetermined.contains(operatorId);
    }
}
