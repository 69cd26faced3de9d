package dev.lachesis.policies;

import dev.lachesis.core.model.OperatorThread;
import dev.lachesis.core.model.PhysicalOperator;
import dev.lachesis.core.model.SpeState;
import dev.lachesis.core.model.ThreadKind;
import dev.lachesis.core.schedule.Schedule;
import dev.lachesis.core.schedule.ScheduleForm;
import dev.lachesis.core.schedule.SinglePrioritySchedule;
import dev.lachesis.core.schedule.ThreadPriority;
import dev.lachesis.core.spi.Policy;
import dev.lachesis.core.spi.PolicyInput;
import dev.lachesis.core.spi.SpeRound;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.stream.Collectors;

/**
 * The skeleton of every single-priority policy: it walks the threads of each SPE instance in the
 * order the driver reported them, asks the policy's {@link ThreadRater} for each one and collects a
 * {@link SinglePrioritySchedule} with the policy's goal. Subclasses supply only the rating and the
 * goal, so each reads like its definition in the papers. Threads of kind
 * {@link dev.lachesis.core.model.ThreadKind#SYSTEM} are never scheduled: they do not work for any
 * query.
 *
 * <p>A rating that leans on its query's priorities ({@link Rating.Standing}) is resolved here, once
 * every thread of the SPE is rated, against the priorities of its query's logical operators (one
 * value per logical operator, the mean of its replicas' main threads, so a parallel operator counts
 * once; only {@linkplain Rating#own() own} priorities count): a neutral thread takes their median; a
 * thread rated within its query keeps its own priority raised to that median and lowered to their
 * highest. The median or highest it took goes under {@value #NEUTRAL_MEDIAN} or {@value #QUERY_HIGHEST}
 * in its metrics. A query with no own priority this round leaves its neutral threads out, like a
 * thread without a rating, and its threads rated within it at their own priority.
 */
public abstract class ThreadRatingPolicy implements Policy {
    /** Explanation key of the median priority a neutral thread took. */
    public static final String NEUTRAL_MEDIAN = "query-median";
    /** Explanation key of the highest priority of its query a thread rated within it was lowered to. */
    public static final String QUERY_HIGHEST = "query-highest";

    private final String name;

    protected ThreadRatingPolicy(String name) {
        this.name = Objects.requireNonNull(name, "name");
    }

    /** The policy instance's name, which names its schedules. */
    public final String name() {
        return name;
    }

    @Override
    public final ScheduleForm form() {
        return ScheduleForm.SINGLE_PRIORITY;
    }

    @Override
    public final Schedule schedule(PolicyInput input) {
        List<ThreadPriority> threads = new ArrayList<>();
        for (SpeRound round : input.spes()) {
            ThreadRater rater = rater(round);
            Map<OperatorThread, Rating> ratings = new LinkedHashMap<>();
            for (OperatorThread thread : Topology.schedulableThreads(round.state())) {
                rater.rate(thread).ifPresent(r -> ratings.put(thread, r));
            }
            Map<String, QueryPriorities> queries = queryPriorities(round.state(), ratings);
            String speName = round.state().speName();
            ratings.forEach((thread, r) -> resolve(r, queries.get(thread.queryId()))
                    .ifPresent(own -> threads.add(new ThreadPriority(speName, thread, own.priority(), own.metrics()))));
        }
        return new SinglePrioritySchedule(name, threads, goal(input));
    }

    /** The median and highest of one query's own priorities in a round. */
    private record QueryPriorities(double median, double highest) {
    }

    /** {@code r} with its standing applied against its query's priorities (null when it has none). */
    private static Optional<Rating> resolve(Rating r, QueryPriorities query) {
        if (query == null) {
            return r.standing() == Rating.Standing.NEUTRAL ? Optional.empty() : Optional.of(r);
        }
        return switch (r.standing()) {
            case OWN -> Optional.of(r);
            case NEUTRAL -> Optional.of(leaningOn(r, NEUTRAL_MEDIAN, query.median()));
            case WITHIN_QUERY -> Optional.of(r.priority() < query.median() ? leaningOn(r, NEUTRAL_MEDIAN, query.median())
                    : r.priority() > query.highest() ? leaningOn(r, QUERY_HIGHEST, query.highest()) : r);
        };
    }

    private static Rating leaningOn(Rating r, String key, double priority) {
        Map<String, Double> metrics = new LinkedHashMap<>(r.metrics());
        metrics.put(key, priority);
        return new Rating(priority, metrics);
    }

    /**
     * Query id → the median and highest of its logical operators' own priorities: one value per
     * logical operator (the mean of its replicas' main threads), so a parallel operator counts once;
     * ratings that lean on their query left out.
     */
    private static Map<String, QueryPriorities> queryPriorities(SpeState state, Map<OperatorThread, Rating> ratings) {
        Map<String, PhysicalOperator> operators = state.operatorsById();
        Map<String, Map<List<String>, List<Double>>> byQuery = new HashMap<>();
        ratings.forEach((thread, r) -> {
            if (r.own() && thread.kind() == ThreadKind.MAIN && thread.operatorId() != null) {
                PhysicalOperator operator = operators.get(thread.operatorId());
                List<String> logical = operator == null ? List.of(thread.operatorId()) : operator.logicalOperatorIds();
                byQuery.computeIfAbsent(thread.queryId(), q -> new HashMap<>())
                        .computeIfAbsent(logical, l -> new ArrayList<>()).add(r.priority());
            }
        });
        Map<String, QueryPriorities> queries = new HashMap<>();
        byQuery.forEach((query, byOperator) -> {
            List<Double> perOperator = byOperator.values().stream()
                    .map(replicas -> replicas.stream().mapToDouble(Double::doubleValue).average().orElseThrow())
                    .sorted().collect(Collectors.toCollection(ArrayList::new));
            queries.put(query, new QueryPriorities(median(perOperator), perOperator.get(perOperator.size() - 1)));
        });
        return queries;
    }

    /** The median of {@code values}, sorted ascending. */
    private static double median(List<Double> values) {
        int n = values.size();
        return n % 2 == 1 ? values.get(n / 2) : (values.get(n / 2 - 1) + values.get(n / 2)) / 2;
    }

    /** The rating of this round's threads of one SPE instance. */
    protected abstract ThreadRater rater(SpeRound round);

    /** The policy's goal this round (lower is better), or empty when it has none or lacks the data. */
    protected OptionalDouble goal(PolicyInput input) {
        return OptionalDouble.empty();
    }
}
