package dev.lachesis.policies;

import dev.lachesis.core.metric.MetricValues;
import dev.lachesis.core.model.JvmThread;
import dev.lachesis.core.model.LogicalOperator;
import dev.lachesis.core.model.OperatorThread;
import dev.lachesis.core.model.PhysicalOperator;
import dev.lachesis.core.model.Query;
import dev.lachesis.core.model.SpeState;
import dev.lachesis.core.model.ThreadKind;
import dev.lachesis.core.model.ThreadRef;
import dev.lachesis.core.schedule.Schedule;
import dev.lachesis.core.schedule.ThreadPriority;
import dev.lachesis.core.spi.Policy;
import dev.lachesis.core.spi.PolicyInput;
import dev.lachesis.core.spi.SpeRound;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Builds one SPE instance's round by hand: queries, physical operators, threads and metric values. */
final class TestSpe {
    static final Instant NOW = Instant.parse("2026-11-23T12:00:00Z");
    static final int PID = 4242;

    private final String speName;
    private final List<Query> queries = new ArrayList<>();
    private final List<PhysicalOperator> operators = new ArrayList<>();
    private final List<OperatorThread> threads = new ArrayList<>();
    private final Map<String, MetricValues.Builder> metrics = new LinkedHashMap<>();
    private int nextTid = 100;

    TestSpe(String speName) {
        this.speName = speName;
    }

    TestSpe() {
        this("storm");
    }

    /** A query whose logical operators are named in {@code edges} such as {@code "S>A"}, plus any lone ones. */
    TestSpe query(String id, List<String> logical, String... edges) {
        Map<String, Set<String>> downstream = new HashMap<>();
        for (String edge : edges) {
            String[] ends = edge.split(">");
            downstream.computeIfAbsent(ends[0], k -> new LinkedHashSet<>()).add(ends[1]);
        }
        queries.add(new Query(id, id + "-name", logical.stream().map(l -> new LogicalOperator(l, l)).toList(),
                downstream));
        return this;
    }

    /** A physical operator running the given logical operators (fused when more than one), parallelism 1. */
    TestSpe operator(String id, String queryId, String... logical) {
        operators.add(new PhysicalOperator(id, queryId, Arrays.asList(logical), 0, 1));
        return this;
    }

    /** Replica {@code index} of {@code parallelism} of one logical operator. */
    TestSpe replica(String id, String queryId, String logical, int index, int parallelism) {
        operators.add(new PhysicalOperator(id, queryId, List.of(logical), index, parallelism));
        return this;
    }

    /** The main thread of a physical operator, named {@code <operator>-main}. */
    TestSpe main(String operatorId) {
        String queryId = operatorsQuery(operatorId);
        threads.add(OperatorThread.main(thread(operatorId + "-main"), queryId, operatorId));
        return this;
    }

    /** A helper of a physical operator (or worker-wide when {@code operatorId} is null). */
    TestSpe helper(String name, ThreadKind kind, String queryId, String operatorId, String queueEntity) {
        threads.add(OperatorThread.helper(thread(name), kind, queryId, operatorId, queueEntity));
        return this;
    }

    /** A helper that may spin on the full input queue of {@code consumer}. */
    TestSpe spinningHelper(String name, ThreadKind kind, String queryId, String operatorId, String queueEntity,
                           String consumer) {
        threads.add(OperatorThread.helper(thread(name), kind, queryId, operatorId, queueEntity).spinningOn(consumer));
        return this;
    }

    TestSpe metric(String name, String entity, double value) {
        metrics.computeIfAbsent(name, k -> MetricValues.builder()).put(entity, value);
        return this;
    }

    SpeState state() {
        return new SpeState(speName, "test", List.of(PID), queries, operators, threads, NOW);
    }

    /** The round as the metric provider would hand it to {@code policy}: every metric it registered. */
    SpeRound round(Policy policy) {
        Map<String, MetricValues> values = new HashMap<>();
        for (String name : policy.requiredMetrics()) {
            MetricValues.Builder b = metrics.get(name);
            values.put(name, b == null ? MetricValues.empty() : b.build());
        }
        return new SpeRound(state(), values);
    }

    PolicyInput input(Policy policy) {
        return new PolicyInput(NOW, List.of(round(policy)));
    }

    static PolicyInput input(Policy policy, TestSpe... spes) {
        return new PolicyInput(NOW, Arrays.stream(spes).map(s -> s.round(policy)).toList());
    }

    /** Thread name → priority, in schedule order. */
    static Map<String, Double> priorities(Schedule schedule) {
        Map<String, Double> byName = new LinkedHashMap<>();
        for (ThreadPriority tp : schedule.threads()) {
            byName.put(tp.thread().thread().name(), tp.priority());
        }
        return byName;
    }

    /** The schedule entry of the thread named {@code name}. */
    static ThreadPriority entry(Schedule schedule, String name) {
        return schedule.threads().stream().filter(tp -> tp.thread().thread().name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no thread " + name + " in " + priorities(schedule)));
    }

    private String operatorsQuery(String operatorId) {
        return operators.stream().filter(o -> o.id().equals(operatorId)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("declare operator " + operatorId + " first"))
                .queryId();
    }

    private JvmThread thread(String name) {
        return new JvmThread(new ThreadRef(PID, nextTid++), name);
    }
}
