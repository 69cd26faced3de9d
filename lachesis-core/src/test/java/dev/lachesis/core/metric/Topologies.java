package dev.lachesis.core.metric;

import dev.lachesis.core.model.LogicalOperator;
import dev.lachesis.core.model.PhysicalOperator;
import dev.lachesis.core.model.Query;
import dev.lachesis.core.model.SpeState;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Small SPE states for metric tests, each with hand-computed metric values in the tests that use
 * them:
 * <ul>
 *   <li>{@link #CHAIN}: {@code src -> a -> b -> snk}, with {@code b} run by two replicas
 *   {@code b#0}, {@code b#1};</li>
 *   <li>{@link #DIAMOND}: {@code s -> {l, r} -> k};</li>
 *   <li>{@link #FUSED}: {@code src -> map -> snk} where {@code src} and {@code map} run fused in
 *   {@code f-chain#0}.</li>
 * </ul>
 */
public final class Topologies {
    public static final String CHAIN = "chain";
    public static final String DIAMOND = "diamond";
    public static final String FUSED = "fused";

    private Topologies() {
    }

    /** One SPE running all three queries. */
    public static SpeState all() {
        return spe(chainQuery(), diamondQuery(), fusedQuery());
    }

    public static SpeState chain() {
        return spe(chainQuery());
    }

    public static SpeState diamond() {
        return spe(diamondQuery());
    }

    private static Query chainQuery() {
        return query(CHAIN, Map.of("src", Set.of("a"), "a", Set.of("b"), "b", Set.of("snk")),
                "src", "a", "b", "snk");
    }

    private static Query diamondQuery() {
        return query(DIAMOND, Map.of("s", Set.of("l", "r"), "l", Set.of("k"), "r", Set.of("k")),
                "s", "l", "r", "k");
    }

    private static Query fusedQuery() {
        return query(FUSED, Map.of("src", Set.of("map"), "map", Set.of("snk")), "src", "map", "snk");
    }

    private static SpeState spe(Query... queries) {
        List<PhysicalOperator> operators = new ArrayList<>();
        for (Query q : queries) {
            switch (q.id()) {
                case CHAIN -> {
                    operators.add(single("src#0", q, "src"));
                    operators.add(single("a#0", q, "a"));
                    operators.add(new PhysicalOperator("b#0", q.id(), List.of("b"), 0, 2));
                    operators.add(new PhysicalOperator("b#1", q.id(), List.of("b"), 1, 2));
                    operators.add(single("snk#0", q, "snk"));
                }
                case DIAMOND -> {
                    for (String op : List.of("s", "l", "r", "k")) {
                        operators.add(single(op + "#0", q, op));
                    }
                }
                case FUSED -> {
                    operators.add(new PhysicalOperator("f-chain#0", q.id(), List.of("src", "map"), 0, 1));
                    operators.add(single("f-snk#0", q, "snk"));
                }
                default -> throw new IllegalArgumentException(q.id());
            }
        }
        return new SpeState("test-spe", "fake", List.of(4242), List.of(queries), operators, List.of(),
                Instant.EPOCH);
    }

    private static PhysicalOperator single(String id, Query q, String logical) {
        return new PhysicalOperator(id, q.id(), List.of(logical), 0, 1);
    }

    private static Query query(String id, Map<String, Set<String>> edges, String... operators) {
        List<LogicalOperator> ops = new ArrayList<>();
        for (String op : operators) {
            ops.add(new LogicalOperator(op, op));
        }
        return new Query(id, id, ops, new LinkedHashMap<>(edges));
    }
}
