package dev.lachesis.policies.heaviest;

import dev.lachesis.core.model.PhysicalOperator;
import java.util.List;

/**
 * One logical operator of one query of one SPE instance, the unit the heaviest-first policy ranks:
 * its replicas count together (a parallel operator is one operator to a user), and logical operators
 * the SPE fused into one thread count as one, since only their thread can be favoured. Stays the same
 * across rounds while the query runs. Immutable.
 *
 * @param spe the SPE instance's name
 * @param query the query's id
 * @param logical the logical operator ids its physical operators run, in chain order
 */
record OperatorKey(String spe, String query, List<String> logical) {
    OperatorKey {
        logical = List.copyOf(logical);
    }

    /** The key of the logical operator(s) {@code operator} runs, in SPE {@code spe}. */
    static OperatorKey of(String spe, PhysicalOperator operator) {
        return new OperatorKey(spe, operator.queryId(), operator.logicalOperatorIds());
    }

    /** The key of the query it belongs to, for grouping. */
    QueryKey queryKey() {
        return new QueryKey(spe, query);
    }

    /** One query of one SPE instance. */
    record QueryKey(String spe, String query) {
    }
}
