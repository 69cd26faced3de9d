package dev.lachesis.policies;

import dev.lachesis.core.metric.MetricNames;
import dev.lachesis.core.metric.MetricValues;
import dev.lachesis.core.model.PhysicalOperator;
import dev.lachesis.core.spi.PolicyInput;
import dev.lachesis.core.spi.SpeRound;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * FCFS (as in Haren §7.2 and the 2021 paper): every thread of a physical operator gets the age of
 * the oldest tuple waiting at that operator ({@code head-age-ms}), so the tuples that have waited
 * longest are served first, which minimises the maximum latency. Where the SPE publishes no arrival
 * time, the metric provider derives the head age from queue size and arrival rate. Goal: the
 * maximum head age, in milliseconds. Immutable.
 */
public final class FirstComeFirstServePolicy extends ThreadRatingPolicy {
    public FirstComeFirstServePolicy(String name) {
        super(name);
    }

    @Override
    public Set<String> requiredMetrics() {
        return Set.of(MetricNames.HEAD_AGE);
    }

    @Override
    protected ThreadRater rater(SpeRound round) {
        MetricValues ages = round.metric(MetricNames.HEAD_AGE);
        return thread -> {
            OptionalDouble age = thread.operatorId() == null ? OptionalDouble.empty() : ages.get(thread.operatorId());
            return age.isPresent() ? Optional.of(Rating.of(MetricNames.HEAD_AGE, age.getAsDouble())) : Optional.empty();
        };
    }

    @Override
    protected OptionalDouble goal(PolicyInput input) {
        OptionalDouble max = OptionalDouble.empty();
        for (SpeRound round : input.spes()) {
            MetricValues ages = round.metric(MetricNames.HEAD_AGE);
            for (PhysicalOperator op : round.state().operators()) {
                OptionalDouble age = ages.get(op.id());
                if (age.isPresent() && (max.isEmpty() || age.getAsDouble() > max.getAsDouble())) {
                    max = age;
                }
            }
        }
        return max;
    }

    @Override
    public String toString() {
        return "fcfs{}";
    }
}
