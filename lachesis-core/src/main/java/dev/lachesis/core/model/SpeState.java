package dev.lachesis.core.model;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * What a driver saw of one SPE instance in one round: its worker processes, queries, physical
 * operators and the threads they run on. The metric provider and the policies read only this, so
 * they never depend on an SPE. Immutable.
 *
 * @param speName the name the configuration gives this SPE instance
 * @param driver the driver's name ({@code storm}, {@code flink})
 * @param pids the worker processes
 * @param queries the running queries
 * @param operators the physical operators of all queries
 * @param threads every thread the queries depend on
 * @param observedAt when the driver took this snapshot
 */
public record SpeState(String speName, String driver, List<Integer> pids, List<Query> queries,
                       List<PhysicalOperator> operators, List<OperatorThread> threads, Instant observedAt) {
    public SpeState {
        Objects.requireNonNull(speName, "speName");
        Objects.requireNonNull(driver, "driver");
        pids = List.copyOf(pids);
        queries = List.copyOf(queries);
        operators = List.copyOf(operators);
        threads = List.copyOf(threads);
        Objects.requireNonNull(observedAt, "observedAt");
    }

    public Optional<Query> query(String queryId) {
        return queries.stream().filter(q -> q.id().equals(queryId)).findFirst();
    }

    public Optional<PhysicalOperator> operator(String operatorId) {
        return operators.stream().filter(o -> o.id().equals(operatorId)).findFirst();
    }

    /** Physical operators by id, in discovery order. */
    public Map<String, PhysicalOperator> operatorsById() {
        return operators.stream().collect(Collectors.toMap(PhysicalOperator::id, Function.identity(),
                (a, b) -> a, java.util.LinkedHashMap::new));
    }

    /** The physical operators that run the given logical operator of the given query. */
    public List<PhysicalOperator> replicasOf(String queryId, String logicalOperatorId) {
        return operators.stream()
                .filter(o -> o.queryId().equals(queryId) && o.logicalOperatorIds().contains(logicalOperatorId))
                .toList();
    }
}
