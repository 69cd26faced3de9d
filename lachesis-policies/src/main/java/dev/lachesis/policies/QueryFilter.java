package dev.lachesis.policies;

import dev.lachesis.core.model.Query;
import dev.lachesis.core.model.SpeState;
import dev.lachesis.core.spi.PolicyInput;
import dev.lachesis.core.spi.SpeRound;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Narrows a round to some of its queries, so a policy meant for one class of queries sees only
 * their operators and threads. Metric values are kept as they are: they are keyed by entity and an
 * entity of another query is simply never looked up. Stateless.
 */
public final class QueryFilter {
    private QueryFilter() {
    }

    /** Whether the query is named, by name or by id, in {@code names}. */
    public static Predicate<Query> named(Set<String> names) {
        return q -> names.contains(q.name()) || names.contains(q.id());
    }

    /** The round with only the queries {@code keep} accepts; SPE instances left with none are dropped. */
    public static PolicyInput filter(PolicyInput input, Predicate<Query> keep) {
        List<SpeRound> rounds = new ArrayList<>();
        for (SpeRound round : input.spes()) {
            SpeState s = round.state();
            List<Query> queries = s.queries().stream().filter(keep).toList();
            if (queries.isEmpty()) {
                continue;
            }
            Set<String> ids = Set.copyOf(queries.stream().map(Query::id).toList());
            SpeState narrowed = new SpeState(s.speName(), s.driver(), s.pids(), queries,
                    s.operators().stream().filter(o -> ids.contains(o.queryId())).toList(),
                    s.threads().stream().filter(t -> ids.contains(t.queryId())).toList(), s.observedAt());
            rounds.add(new SpeRound(narrowed, round.metrics()));
        }
        return new PolicyInput(input.now(), rounds);
    }
}
