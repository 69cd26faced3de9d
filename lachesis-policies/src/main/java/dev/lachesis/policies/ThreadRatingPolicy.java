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
 * <p>A rating that leans on its query's median ({@link Rating.Standing}) is resolved here, once every
 * thread of the SPE is rated, against the median of the priorities of its query's logical operators
 * (one value per logical operator, the mean of its replicas' main threads, so a parallel operator
 * counts once; only {@linkplain Rating#own() own} priorities count): a neutral thread takes that
 * median, a thread rated at least neutral the higher of its own priority and the median; the median
 * it took goes under {@value #NEUTRAL_MEDIAN} in its metrics. A query with no median this round
 * leaves its neutral threads out, like a thread without a rating, and its at-least-neutral threads
 * at their own priority.
 */
public abstract class ThreadRatingPolicy implements Policy {
    /** Explanation key of the median priority a neutral thread took. */
    public static final String NEUTRAL_MEDIAN = "query-median";

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
            Map<String, Double> medians = queryMedians(round.state(), ratings);
            String speName = round.state().speName();
            ratings.forEach((thread, r) -> resolve(r, medians.get(thread.queryId()))
                    .ifPresent(own -> threads.add(new ThreadPriority(speName, thread, own.priority(), own.metrics()))));
        }
        return new SinglePrioritySchedule(name, threads, goal(input));
    }

    /** {@code r} with its standing applied against its query's median (null when it has none). */
    private static Optional<Rating> resolve(Rating r, Double median) {
        boolean takesMedian = median != null && switch (r.standing()) {
            case OWN -> false;
            case NEUTRAL -> true;
            case AT_LEAST_NEUTRAL -> median > r.priority();
        };
        if (takesMedian) {
            Map<String, Double> metrics = new LinkedHashMap<>(r.metrics());
            metrics.put(NEUTRAL_MEDIAN, median);
            return Optional.of(new Rating(median, metrics));
        }
        return r.standing() == Rating.Standing.NEUTRAL ? Optional.empty() : Optional.of(r);
    }

    /**
     * Query id → the median of its logical operators' own priorities: one value per logical
     * operator (the mean of its replicas' main threads), so a parallel operator counts once;
     * ratings that lean on the median left out.
     */
    private static Map<String, Double> queryMedians(SpeState state, Map<OperatorThread, Rating> ratings) {
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
        Map<String, Double> medians = new HashMap<>();
        byQuery.forEach((query, byOperator) -> medians.put(query, median(byOperator.values().stream()
                .map(replicas -> replicas.stream().mapToDouble(Double::doubleValue).average().orElseThrow())
                .collect(Collectors.toCollection(ArrayList::new)))));
        return medians;
    }

    private static double median(List<Double> values) {
        values.sort(Double::compare);
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
