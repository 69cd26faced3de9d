package dev.lachesis.policies;

import dev.lachesis.core.logging.OnceLog;
import dev.lachesis.core.metric.MetricNames;
import dev.lachesis.core.metric.MetricValues;
import dev.lachesis.core.model.OperatorThread;
import dev.lachesis.core.model.PhysicalOperator;
import dev.lachesis.core.model.Query;
import dev.lachesis.core.model.SpeState;
import dev.lachesis.core.spi.PolicyInput;
import dev.lachesis.core.spi.SpeRound;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * DRAIN, the bottleneck-aware policy: an operator is as important as the work waiting for it that
 * it can actually do. Beyond the papers, for saturation and back-pressure, where QS fails in two
 * ways (FACTS.md): queues at their capacity tie, so the bottleneck is not favoured over its
 * neighbours; and back-pressure fills the queue <em>in front of</em> a blocked operator, so QS
 * ranks the blocked operator above the real bottleneck.
 *
 * <p>Every thread of a non-source physical operator (its main thread and the helpers that work for
 * it) gets {@code drain-time-ms × (1 − output-blocked)}:
 * <ul>
 *   <li>{@code drain-time-ms} = queue size × cost: how long the operator needs to drain its queue.
 *       Full queues no longer tie: the operator whose waiting tuples cost the most comes first. Its
 *       cost is the SPE's own per-tuple time, which grows when the operator is denied the CPU.</li>
 *   <li>{@code output-blocked} (0–1) = how much of the time its consumers have no room (Flink's
 *       back-pressured time; elsewhere the fill of its fullest consumer's queue). A blocked operator
 *       cannot use the CPU however long its queue: the operator it waits for comes first.</li>
 * </ul>
 * An operator without an output-blocked value counts as not blocked; one without a drain time
 * (no cost yet) is left out this round. A source is an operator too, with its backlog outside the
 * SPE as its queue: a source that publishes its backlog ({@value MetricNames#SOURCE_QUEUE}) and has
 * a cost gets {@code source-queue-size × cpu-cost-ms × (1 − output-blocked)}, but no more than its
 * most important consumer (the operators its records go to first: running the source ahead of them
 * only fills their queues), and {@linkplain Rating#withinQuery within its query}: never below its
 * query's median, where ranking it last starves the query's input (measured on Storm), never above
 * its top operator. Beyond saturation a backlog outside the SPE grows without bound; ranked by it
 * alone, a source on Flink sat at nice −20 with every other operator squeezed to 19 (intake ×0.90 of
 * the kernel's over 300 s); capped at the query's top operator it still sat at −20, with twice the
 * kernel's share of the core, for ×0.90 of its intake; capped at its consumers it ranks with parse
 * and DRAIN's intake is ×1.03 of the kernel's and ×1.04 of QS's (60-s windows after a 120-s warm-up,
 * 3 repetitions, experiments/results/issue18). A
 * source that publishes no backlog is ranked {@linkplain Rating#neutral(Map) neutrally}, at its
 * query's median: the SPE does not show how much work waits for it. The log says once per source
 * which rule ranks it.
 * Goal: the longest drain time of a query's operators (lower is better). Not thread-safe: it
 * remembers which rule it logged for which source; call it from the main loop only.
 */
public final class DrainPolicy extends ThreadRatingPolicy {
    private static final Logger LOG = LoggerFactory.getLogger(DrainPolicy.class);

    /** Explanation key of the rating of a source's most important consumer, which its own was lowered to. */
    public static final String CONSUMERS_HIGHEST = "consumers-highest";

    private final OnceLog sourceRules = new OnceLog(LOG);

    public DrainPolicy(String name) {
        super(name);
    }

    @Override
    public Set<String> requiredMetrics() {
        return Set.of(MetricNames.DRAIN_TIME, MetricNames.OUTPUT_BLOCKED, MetricNames.SOURCE_QUEUE,
                MetricNames.CPU_COST);
    }

    @Override
    protected ThreadRater rater(SpeRound round) {
        SpeState state = round.state();
        MetricValues drain = round.metric(MetricNames.DRAIN_TIME);
        MetricValues blocked = round.metric(MetricNames.OUTPUT_BLOCKED);
        MetricValues backlog = round.metric(MetricNames.SOURCE_QUEUE);
        MetricValues cost = round.metric(MetricNames.CPU_COST);
        return thread -> {
            String operator = thread.operatorId();
            if (operator == null) {
                return Optional.empty();
            }
            if (Topology.isSourceThread(state, thread)) {
                return Optional.of(rateSource(state, operator, backlog, cost, blocked, drain));
            }
            return rate(drain, blocked, operator);
        };
    }

    private Rating rateSource(SpeState state, String operator, MetricValues backlog, MetricValues cost,
                              MetricValues blocked, MetricValues drain) {
        OptionalDouble waiting = backlog.get(operator);
        OptionalDouble perTuple = cost.get(operator);
        if (waiting.isEmpty() || perTuple.isEmpty()) {
            logSourceRule(state, operator, "at their query's median priority (neutral): " + (waiting.isEmpty()
                    ? "it publishes no " + MetricNames.SOURCE_QUEUE : "its CPU cost per tuple is not known yet"));
            return Rating.neutral(Map.of());
        }
        double share = blocked.getOrDefault(operator, 0);
        double drainTime = waiting.getAsDouble() * perTuple.getAsDouble();
        logSourceRule(state, operator, "by the drain time of its backlog, at most its consumers' priority, between "
                + "their query's median and highest priority");
        Map<String, Double> metrics = new LinkedHashMap<>();
        metrics.put(MetricNames.SOURCE_QUEUE, waiting.getAsDouble());
        metrics.put(MetricNames.CPU_COST, perTuple.getAsDouble());
        metrics.put(MetricNames.OUTPUT_BLOCKED, share);
        double own = drainTime * (1 - share);
        OptionalDouble consumers = consumersHighest(state, operator, drain, blocked);
        if (consumers.isPresent() && consumers.getAsDouble() < own) {
            metrics.put(CONSUMERS_HIGHEST, consumers.getAsDouble());
            return Rating.withinQuery(consumers.getAsDouble(), metrics);
        }
        return Rating.withinQuery(own, metrics);
    }

    /**
     * The highest rating among the physical operators that the source's last logical operator sends
     * to, or empty when none of them is rated this round.
     */
    private static OptionalDouble consumersHighest(SpeState state, String sourceOperator, MetricValues drain,
                                                   MetricValues blocked) {
        Optional<PhysicalOperator> source = state.operator(sourceOperator);
        Optional<Query> query = source.flatMap(op -> state.query(op.queryId()));
        if (query.isEmpty()) {
            return OptionalDouble.empty();
        }
        List<String> chain = source.get().logicalOperatorIds();
        Set<String> consumers = query.get().downstreamOf(chain.get(chain.size() - 1));
        return state.operators().stream()
                .filter(op -> op.queryId().equals(source.get().queryId())
                        && consumers.contains(op.logicalOperatorIds().get(0)))
                .map(op -> rate(drain, blocked, op.id()))
                .flatMap(Optional::stream)
                .mapToDouble(Rating::priority)
                .max();
    }

    private static Optional<Rating> rate(MetricValues drain, MetricValues blocked, String operator) {
        OptionalDouble drainTime = drain.get(operator);
        if (drainTime.isEmpty()) {
            return Optional.empty();
        }
        double share = blocked.getOrDefault(operator, 0);
        Map<String, Double> metrics = new LinkedHashMap<>();
        metrics.put(MetricNames.DRAIN_TIME, drainTime.getAsDouble());
        metrics.put(MetricNames.OUTPUT_BLOCKED, share);
        return Optional.of(new Rating(drainTime.getAsDouble() * (1 - share), metrics));
    }

    private void logSourceRule(SpeState state, String sourceOperator, String rule) {
        sourceRules.info(state.speName() + "/" + sourceOperator + "/" + rule,
                "DRAIN ranks the threads of source operator {} of {} {}", sourceOperator, state.speName(), rule);
    }

    @Override
    protected OptionalDouble goal(PolicyInput input) {
        double longest = -1;
        for (SpeRound round : input.spes()) {
            MetricValues drain = round.metric(MetricNames.DRAIN_TIME);
            for (PhysicalOperator op : round.state().operators()) {
                if (!Topology.isSource(round.state(), op)) {
                    longest = Math.max(longest, drain.getOrDefault(op.id(), -1));
                }
            }
        }
        return longest < 0 ? OptionalDouble.empty() : OptionalDouble.of(longest);
    }

    @Override
    public String toString() {
        return "drain";
    }
}
