package dev.lachesis.policies;

import dev.lachesis.core.config.SettingsCheck;
import dev.lachesis.core.config.ValidatedSettings;
import dev.lachesis.core.metric.MetricNames;
import dev.lachesis.core.metric.MetricValues;
import dev.lachesis.core.model.OperatorThread;
import dev.lachesis.core.model.PhysicalOperator;
import dev.lachesis.core.model.SpeState;
import dev.lachesis.core.spi.PolicyInput;
import dev.lachesis.core.spi.SpeRound;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * QS, the queue-size (congestion-aware) policy of EdgeWise as Lachesis 2021 applies it: every
 * thread of a physical operator gets the number of tuples in that operator's input queue, so the
 * most congested operators run first and the queues even out. A source, whose input queue the SPE
 * cannot see, is ranked {@linkplain Rating#neutral(Map) neutrally}: its query's median
 * priority, so it is neither first nor last. Ranked last, as the 2021 paper's assumed queue of 1
 * does, it starves the query's input beyond saturation (FACTS.md: Flink's throughput fell below the
 * kernel alone's); {@code assumed-source-queue} restores a fixed assumed queue for the papers'
 * comparisons. Threads without an operator (worker-wide helpers) get no priority from QS. Goal: the
 * coefficient of variation of the input queues of the non-source operators. Immutable.
 */
public final class QueueSizePolicy extends ThreadRatingPolicy {
    /** Label of the assumed source queue in a thread's explanation. */
    public static final String ASSUMED_SOURCE_QUEUE = "assumed-source-queue";

    private final Settings settings;

    public QueueSizePolicy(String name, Settings settings) {
        super(name);
        this.settings = settings;
    }

    @Override
    public Set<String> requiredMetrics() {
        return Set.of(MetricNames.QUEUE_SIZE);
    }

    @Override
    protected ThreadRater rater(SpeRound round) {
        SpeState state = round.state();
        MetricValues queues = round.metric(MetricNames.QUEUE_SIZE);
        return thread -> rate(state, queues, thread);
    }

    private Optional<Rating> rate(SpeState state, MetricValues queues, OperatorThread thread) {
        if (thread.operatorId() == null) {
            return Optional.empty();
        }
        if (Topology.isSourceThread(state, thread)) {
            return Optional.of(settings.unseenSourceRating());
        }
        OptionalDouble size = queues.get(thread.operatorId());
        return size.isPresent() ? Optional.of(Rating.of(MetricNames.QUEUE_SIZE, size.getAsDouble()))
                : Optional.empty();
    }

    @Override
    protected OptionalDouble goal(PolicyInput input) {
        List<Double> sizes = new ArrayList<>();
        for (SpeRound round : input.spes()) {
            MetricValues queues = round.metric(MetricNames.QUEUE_SIZE);
            for (PhysicalOperator op : round.state().operators()) {
                if (!Topology.isSource(round.state(), op)) {
                    queues.get(op.id()).ifPresent(sizes::add);
                }
            }
        }
        return Goals.coefficientOfVariation(sizes);
    }

    @Override
    public String toString() {
        return "qs" + settings;
    }

    /**
     * QS's settings, shared with QS-IO.
     *
     * @param assumedSourceQueue the queue size, in tuples (at least 0), of a source whose queue the
     *     SPE does not show; {@code null} (the default) ranks such a source neutrally instead
     */
    public record Settings(Double assumedSourceQueue) implements ValidatedSettings {
        @Override
        public void validate(SettingsCheck check) {
            check.require(assumedSourceQueue == null || assumedSourceQueue >= 0 && Double.isFinite(assumedSourceQueue),
                    "assumed-source-queue", "must be a number of tuples, at least 0");
        }

        /** The rating of a source whose queue is not seen: the assumed queue, else neutral. */
        Rating unseenSourceRating() {
            return assumedSourceQueue == null ? Rating.neutral(Map.of())
                    : Rating.of(ASSUMED_SOURCE_QUEUE, assumedSourceQueue);
        }

        /** How a source whose queue is not seen is ranked, in words for a log line. */
        String unseenSourceRule() {
            return assumedSourceQueue == null ? "ranks its threads at their query's median priority (neutral)"
                    : "gives its threads an assumed queue of " + assumedSourceQueue;
        }

        @Override
        public String toString() {
            return assumedSourceQueue == null ? "{}" : "{assumed-source-queue=" + assumedSourceQueue + "}";
        }
    }
}
