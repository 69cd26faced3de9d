package dev.lachesis.policies;

import dev.lachesis.core.model.OperatorThread;
import dev.lachesis.core.model.PhysicalOperator;
import dev.lachesis.core.model.Query;
import dev.lachesis.core.model.SpeState;
import dev.lachesis.core.model.ThreadKind;
import java.util.List;
import java.util.Optional;

/**
 * Questions every policy asks about an SPE snapshot: which threads to schedule and whether a
 * physical operator is a source. Stateless.
 */
public final class Topology {
    private Topology() {
    }

    /** Every thread that works for a query, in the driver's order (all but {@link ThreadKind#SYSTEM}). */
    public static List<OperatorThread> schedulableThreads(SpeState state) {
        return state.threads().stream().filter(t -> t.kind() != ThreadKind.SYSTEM).toList();
    }

    /**
     * Whether the physical operator runs a source of its query: its first logical operator (in chain
     * order) has no upstream. A source's input queue lives outside the SPE, so the SPE reports it as
     * empty.
     */
    public static boolean isSource(SpeState state, PhysicalOperator operator) {
        Optional<Query> query = state.query(operator.queryId());
        return query.isPresent() && query.get().isSource(operator.logicalOperatorIds().get(0));
    }

    /** Whether the thread belongs to a physical operator that runs a source. */
    public static boolean isSourceThread(SpeState state, OperatorThread thread) {
        return thread.operator().flatMap(state::operator).map(op -> isSource(state, op)).orElse(false);
    }
}
