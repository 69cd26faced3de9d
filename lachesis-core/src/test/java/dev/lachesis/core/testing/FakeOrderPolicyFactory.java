package dev.lachesis.core.testing;

import dev.lachesis.core.config.ConfigException;
import dev.lachesis.core.metric.MetricNames;
import dev.lachesis.core.metric.MetricValues;
import dev.lachesis.core.model.OperatorThread;
import dev.lachesis.core.schedule.Schedule;
import dev.lachesis.core.schedule.ScheduleForm;
import dev.lachesis.core.schedule.SinglePrioritySchedule;
import dev.lachesis.core.schedule.ThreadPriority;
import dev.lachesis.core.spi.Policy;
import dev.lachesis.core.spi.PolicyContext;
import dev.lachesis.core.spi.PolicyFactory;
import dev.lachesis.core.spi.PolicyInput;
import dev.lachesis.core.spi.SpeRound;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * {@code policy: fake-order}: a single-priority policy giving each main thread its operator's input
 * queue size as priority (helpers get 0), recording the value it used.
 */
public final class FakeOrderPolicyFactory implements PolicyFactory {
    @Override
    public String name() {
        return "fake-order";
    }

    /** With {@code settings: {refuse: MESSAGE}} the policy cannot be created and says MESSAGE, as a bad setting would. */
    @Override
    public Policy create(PolicyContext context) throws ConfigException {
        if (!context.config().child("refuse").isMissing()) {
            throw new ConfigException(context.config().json().path("refuse").asText());
        }
        return new QueueOrder(context.name());
    }

    /** The policy; usable directly in tests. */
    public record QueueOrder(String name) implements Policy {
        @Override
        public Set<String> requiredMetrics() {
            return Set.of(MetricNames.INPUT_QUEUE);
        }

        @Override
        public ScheduleForm form() {
            return ScheduleForm.SINGLE_PRIORITY;
        }

        @Override
        public Schedule schedule(PolicyInput input) {
            List<ThreadPriority> threads = new ArrayList<>();
            for (SpeRound spe : input.spes()) {
                MetricValues queues = spe.metric(MetricNames.INPUT_QUEUE);
                for (OperatorThread thread : spe.state().threads()) {
                    OptionalDouble queue = thread.operator().map(queues::get).orElse(OptionalDouble.empty());
                    threads.add(new ThreadPriority(spe.state().speName(), thread, queue.orElse(0),
                            queue.isPresent() ? Map.of(MetricNames.INPUT_QUEUE, queue.getAsDouble()) : Map.of()));
                }
            }
            return new SinglePrioritySchedule(name, threads, OptionalDouble.empty());
        }
    }
}
