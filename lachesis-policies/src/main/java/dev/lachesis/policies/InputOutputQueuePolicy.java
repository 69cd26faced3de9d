package dev.lachesis.policies;

import dev.lachesis.core.logging.OnceLog;
import dev.lachesis.core.metric.MetricNames;
import dev.lachesis.core.model.OperatorThread;
import dev.lachesis.core.model.SpeState;
import dev.lachesis.core.model.ThreadKind;
import dev.lachesis.core.spi.PolicyInput;
import dev.lachesis.core.spi.SpeRound;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * QS-IO, the refined congestion-aware policy of the 2023 paper (§4.1): each thread gets the size of
 * the queue it actually drains, so an operator's main thread and its helper are ranked apart when
 * their queues differ.
 * <ul>
 *   <li>a main thread gets its operator's input queue ({@code queue-size});</li>
 *   <li>a helper (Storm send thread or worker transfer thread, Flink output flusher, timers, Netty)
 *       gets the output queue published for its queue entity ({@code output-queue-size});</li>
 *   <li>a source's main and reader threads get the queue inside the source ({@code source-queue-size},
 *       published by {@code source-operators}); a source that does not publish it is ranked as QS
 *       ranks sources (neutrally, or with {@code assumed-source-queue} when set), with one warning
 *       per source naming the rule. A source's sender is a helper like any other.</li>
 * </ul>
 * Under a real-time translator the factory wraps it in {@link RealTimeGuard}, which keeps every
 * thread of a query in the RT class and keeps a thread that may spin on a full queue below that
 * queue's consumer (equal at worst): ranking helpers by output queue would otherwise put exactly
 * that thread on top. Goal: the coefficient of variation of every queue it read, each queue once.
 * Not thread-safe: it remembers which sources it warned about; call it from the main loop only.
 */
public final class InputOutputQueuePolicy extends ThreadRatingPolicy {
    private static final Logger LOG = LoggerFactory.getLogger(InputOutputQueuePolicy.class);

    private final QueueSizePolicy.Settings settings;
    private final OnceLog unseenSources = new OnceLog(LOG);

    public InputOutputQueuePolicy(String name, QueueSizePolicy.Settings settings) {
        super(name);
        this.settings = settings;
    }

    @Override
    public Set<String> requiredMetrics() {
        return Set.of(MetricNames.QUEUE_SIZE, MetricNames.OUTPUT_QUEUE, MetricNames.SOURCE_QUEUE);
    }

    @Override
    protected ThreadRater rater(SpeRound round) {
        return thread -> {
            QueueRef queue = queueOf(round.state(), thread);
            OptionalDouble size = round.metric(queue.metric()).get(queue.entity());
            if (size.isPresent()) {
                return Optional.of(Rating.of(queue.metric(), size.getAsDouble()));
            }
            if (queue.metric().equals(MetricNames.SOURCE_QUEUE)) {
                warnOnce(round.state(), queue.entity());
                return Optional.of(settings.unseenSourceRating());
            }
            return Optional.empty();
        };
    }

    /** The queue a thread drains: the rules of the 2023 paper, §4.1.1–4.1.2. */
    static QueueRef queueOf(SpeState state, OperatorThread thread) {
        boolean drainsSource = thread.kind() == ThreadKind.MAIN || thread.kind() == ThreadKind.SOURCE_READER;
        if (drainsSource && Topology.isSourceThread(state, thread)) {
            return new QueueRef(MetricNames.SOURCE_QUEUE, thread.operatorId());
        }
        if (thread.kind() == ThreadKind.MAIN) {
            return new QueueRef(MetricNames.QUEUE_SIZE, thread.operatorId());
        }
        return new QueueRef(MetricNames.OUTPUT_QUEUE, thread.queueEntity());
    }

    private void warnOnce(SpeState state, String sourceOperator) {
        unseenSources.warn(state.speName() + "/" + sourceOperator, "Source operator {} of {} publishes no {}; QS-IO {}"
                        + " (use a source from source-operators to rank it by its real backlog)",
                sourceOperator, state.speName(), MetricNames.SOURCE_QUEUE, settings.unseenSourceRule());
    }

    @Override
    protected OptionalDouble goal(PolicyInput input) {
        List<Double> sizes = new ArrayList<>();
        for (SpeRound round : input.spes()) {
            Map<QueueRef, Double> queues = new LinkedHashMap<>();
            for (OperatorThread thread : Topology.schedulableThreads(round.state())) {
                QueueRef queue = queueOf(round.state(), thread);
                round.metric(queue.metric()).get(queue.entity()).ifPresent(v -> queues.put(queue, v));
            }
            sizes.addAll(queues.values());
        }
        return Goals.coefficientOfVariation(sizes);
    }

    @Override
    public String toString() {
        return "qs-io" + settings;
    }

    /** One queue: the metric that measures it and the entity it is keyed by. */
    record QueueRef(String metric, String entity) {
    }
}
