package dev.lachesis.policies;

import dev.lachesis.core.metric.MetricKeys;
import dev.lachesis.core.metric.MetricNames;
import dev.lachesis.core.metric.MetricValues;
import dev.lachesis.core.model.LogicalOperator;
import dev.lachesis.core.model.Query;
import dev.lachesis.core.model.SpeState;
import dev.lachesis.core.spi.PolicyInput;
import dev.lachesis.core.spi.SpeRound;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * HR, Highest Rate (Sharaf et al., as used by Haren and the 2021 paper): an operator's priority is
 * its global output rate, the egress tuples its path to the sinks produces per millisecond of
 * processing, {@code path-selectivity / path-cost}. It favours productive, cheap paths, which
 * minimises mean latency. HR is a high-level policy: it rates logical operators, and the
 * {@link LogicalToPhysical} rule gives every replica its logical operator's rate and a fused
 * operator the highest rate of its chain; every thread of a physical operator gets the operator's
 * rate. Rates are log-spaced, so pair HR with a log min-max normaliser. An operator whose path cost
 * is missing or not positive gets no rate this round. Goal: {@link LatencyEstimate}. Immutable.
 */
public final class HighestRatePolicy extends ThreadRatingPolicy {
    public HighestRatePolicy(String name) {
        super(name);
    }

    @Override
    public Set<String> requiredMetrics() {
        Set<String> metrics = new HashSet<>(LatencyEstimate.requiredMetrics());
        metrics.add(MetricNames.PATH_SELECTIVITY);
        metrics.add(MetricNames.PATH_COST);
        return Set.copyOf(metrics);
    }

    @Override
    protected ThreadRater rater(SpeRound round) {
        Map<String, Double> rates = LogicalToPhysical.transform(round.state(), logicalRates(round));
        return thread -> Optional.ofNullable(thread.operatorId()).map(rates::get)
                .map(rate -> Rating.of(MetricNames.HIGHEST_RATE, rate));
    }

    /** path-selectivity / path-cost per logical operator, keyed as {@link MetricKeys#logical}. */
    static Map<String, Double> logicalRates(SpeRound round) {
        SpeState state = round.state();
        MetricValues selectivity = round.metric(MetricNames.PATH_SELECTIVITY);
        MetricValues cost = round.metric(MetricNames.PATH_COST);
        Map<String, Double> rates = new HashMap<>();
        for (Query query : state.queries()) {
            for (LogicalOperator op : query.operators()) {
                String key = MetricKeys.logical(query.id(), op.id());
                OptionalDouble s = selectivity.get(key);
                OptionalDouble c = cost.get(key);
                if (s.isPresent() && c.isPresent() && c.getAsDouble() > 0 && s.getAsDouble() >= 0) {
                    rates.put(key, s.getAsDouble() / c.getAsDouble());
                }
            }
        }
        return rates;
    }

    @Override
    protected OptionalDouble goal(PolicyInput input) {
        return LatencyEstimate.meanMillis(input);
    }

    @Override
    public String toString() {
        return "hr{}";
    }
}
