package dev.lachesis.core.loop;

import dev.lachesis.core.loop.RoundResult;
import dev.lachesis.core.model.OperatorThread;
import dev.lachesis.core.model.PhysicalOperator;
import dev.lachesis.core.model.Query;
import dev.lachesis.core.model.SpeState;
import dev.lachesis.core.spi.TranslatedThread;
import dev.lachesis.core.spi.TranslationPlan;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * One thread the daemon ranks, as {@code once}, {@code run --rounds} and the status endpoint show it: a thread, its place in the query, the metrics its policy read,
 * the policy's raw priority and the value the translator sets. The field names are those of the
 * JSON output, which scripts and the experiments read. Immutable.
 *
 * @param spe the SPE instance
 * @param pid the worker process
 * @param tid the native thread id
 * @param thread the full Java thread name
 * @param query the query id
 * @param operator the physical operator id, or {@code null} for a worker-wide helper
 * @param queryName the query's name as the SPE shows it (a Flink job's name where {@code query} is
 *     its id), or the id when the SPE gave none
 * @param operatorName the names of the logical operators the physical operator runs, joined by
 *     {@code " -> "} as Flink names a chain; the id when unknown, {@code null} for a worker-wide helper
 * @param instance the operator's parallel index, or {@code null} when unknown
 * @param kind {@code main} or the helper kind's label
 * @param policy the policy instance that ranked the thread
 * @param translator the translator that applies the value
 * @param mechanism what {@code value} means ({@code nice}, {@code rr}, {@code cpu.shares}, ...)
 * @param group the cgroup, or {@code null} for per-thread mechanisms
 * @param metrics metric name → value the policy used, sorted by name
 * @param priority the policy's raw priority
 * @param value what the translator sets
 */
public record ThreadRow(String spe, int pid, int tid, String thread, String query, String operator, String queryName,
                 String operatorName, Integer instance, String kind, String policy, String translator,
                 String mechanism, String group, Map<String, Double> metrics, double priority, long value) {

    /** Every thread of every plan in {@code round}, in plan order. */
    public static List<ThreadRow> of(RoundResult round) {
        List<ThreadRow> rows = new ArrayList<>();
        for (Map.Entry<String, TranslationPlan> entry : round.planList()) {
            TranslationPlan plan = entry.getValue();
            for (TranslatedThread translated : plan.threads()) {
                OperatorThread t = translated.entry().thread();
                String spe = translated.entry().speName();
                SpeState state = round.states().get(spe);
                Optional<Query> query = state == null ? Optional.empty() : state.query(t.queryId());
                Optional<PhysicalOperator> operator = state == null || t.operatorId() == null ? Optional.empty()
                        : state.operator(t.operatorId());
                String operatorName = operator.map(op -> names(op, query)).orElse(t.operatorId());
                rows.add(new ThreadRow(spe, t.thread().pid(), t.thread().tid(), t.thread().name(), t.queryId(),
                        t.operatorId(), query.map(Query::name).orElse(t.queryId()), operatorName,
                        operator.map(PhysicalOperator::index).orElse(null), t.kind().label(), entry.getKey(),
                        plan.translator(), plan.mechanism(), translated.group(),
                        new TreeMap<>(translated.entry().metrics()), translated.entry().priority(),
                        translated.value()));
            }
        }
        return rows;
    }

    private static String names(PhysicalOperator operator, Optional<Query> query) {
        return operator.logicalOperatorIds().stream()
                .map(id -> query.flatMap(q -> q.operatorName(id)).orElse(id))
                .collect(Collectors.joining(" -> "));
    }
}
