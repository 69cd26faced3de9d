package dev.lachesis.core.metric.derived;

import dev.lachesis.core.model.LogicalOperator;
import dev.lachesis.core.model.Query;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The paths of a query's DAG from each logical operator to the sinks, and the mean over those
 * paths of their selectivity and cost (HR, Sharaf et al.). For a path {@code o_1 … o_k} ending at a
 * sink {@code o_k}, with selectivities {@code s_i} and costs {@code c_i}:
 * <ul>
 *   <li>path selectivity {@code = s_1 × … × s_(k-1)}: output tuples reaching the sink per tuple
 *   entering {@code o_1}; the sink's own selectivity does not count, since what it consumes is
 *   the query's output (its emitted rate is 0 or unpublished);</li>
 *   <li>path cost {@code = Σ_i c_i × Π_(j<i) s_j}: milliseconds of processing one tuple entering
 *   {@code o_1} causes along the path.</li>
 * </ul>
 * An operator with several paths to the sinks gets the arithmetic mean of each over all its
 * paths, each path weighing the same. Computed in one pass by counting paths: with {@code D} the
 * downstream operators of {@code x}, {@code N(x) = Σ_D N(d)}, the sums over paths are
 * {@code S(x) = s_x Σ_D S(d)} and {@code C(x) = N(x) c_x + s_x Σ_D C(d)} ({@code N = S = 1},
 * {@code C = c} at a sink), and the means are {@code S/N} and {@code C/N}. An operator from which
 * a path reaches an operator without a value, or a cycle, has no value. Not thread-safe: one
 * instance per query and computation.
 */
final class QueryPaths {
    /** Sums over the paths from one operator: their number, selectivities and costs. */
    private record PathSums(double paths, double selectivity, double cost) {
    }

    private final Query query;
    private final Map<String, Double> selectivity;
    private final Map<String, Double> cost;
    private final Map<String, Optional<PathSums>> memo = new HashMap<>();
    private final Set<String> visiting = new HashSet<>();

    /**
     * @param selectivity logical operator id → selectivity
     * @param cost logical operator id → cost in milliseconds, or {@code null} when only path
     *     selectivity is wanted (sinks then need no cost)
     */
    QueryPaths(Query query, Map<String, Double> selectivity, Map<String, Double> cost) {
        this.query = query;
        this.selectivity = selectivity;
        this.cost = cost;
    }

    /** Logical operator id → mean path selectivity, for operators that have one. */
    Map<String, Double> meanSelectivity() {
        Map<String, Double> result = new HashMap<>();
        for (LogicalOperator op : query.operators()) {
            sums(op.id()).ifPresent(s -> result.put(op.id(), s.selectivity() / s.paths()));
        }
        return result;
    }

    /** Logical operator id → mean path cost in milliseconds, for operators that have one. */
    Map<String, Double> meanCost() {
        if (cost == null) {
            throw new IllegalStateException("path cost needs operator costs");
        }
        Map<String, Double> result = new HashMap<>();
        for (LogicalOperator op : query.operators()) {
            sums(op.id()).ifPresent(s -> result.put(op.id(), s.cost() / s.paths()));
        }
        return result;
    }

    private Optional<PathSums> sums(String operator) {
        Optional<PathSums> known = memo.get(operator);
        if (known != null) {
            return known;
        }
        if (!visiting.add(operator)) {
            return Optional.empty();
        }
        Optional<PathSums> result = computeSums(operator);
        visiting.remove(operator);
        memo.put(operator, result);
        return result;
    }

    private Optional<PathSums> computeSums(String operator) {
        double ownCost = 0;
        if (cost != null) {
            Double c = cost.get(operator);
            if (c == null) {
                return Optional.empty();
            }
            ownCost = c;
        }
        Set<String> downstream = query.downstreamOf(operator);
        if (downstream.isEmpty()) {
            return Optional.of(new PathSums(1, 1, ownCost));
        }
        Double ownSelectivity = selectivity.get(operator);
        if (ownSelectivity == null) {
            return Optional.empty();
        }
        double paths = 0;
        double selectivitySum = 0;
        double costSum = 0;
        for (String next : downstream) {
            Optional<PathSums> down = sums(next);
            if (down.isEmpty()) {
                return Optional.empty();
            }
            paths += down.get().paths();
            selectivitySum += down.get().selectivity();
            costSum += down.get().cost();
        }
        return Optional.of(new PathSums(paths, ownSelectivity * selectivitySum,
                paths * ownCost + ownSelectivity * costSum));
    }
}
