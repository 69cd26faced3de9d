package dev.lachesis.policies;

import dev.lachesis.core.schedule.Schedule;
import dev.lachesis.core.schedule.ScheduleForm;
import dev.lachesis.core.schedule.ThreadPriority;
import dev.lachesis.core.spi.Policy;
import dev.lachesis.core.spi.PolicyInput;
import dev.lachesis.core.spi.SpeRound;
import java.util.Objects;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Logs what any policy reads and decides, at trace level, so a user can replay a round by hand
 * without every policy carrying its own logging: the metric values it registered for each SPE, then
 * every thread's priority with the metrics behind it, and the goal. Costs nothing unless trace is
 * on for this class. Stateless apart from the wrapped policy.
 */
public final class TracingPolicy implements Policy {
    private static final Logger LOG = LoggerFactory.getLogger(TracingPolicy.class);

    private final String name;
    private final Policy inner;

    public TracingPolicy(String name, Policy inner) {
        this.name = Objects.requireNonNull(name, "name");
        this.inner = Objects.requireNonNull(inner, "inner");
    }

    @Override
    public Set<String> requiredMetrics() {
        return inner.requiredMetrics();
    }

    @Override
    public ScheduleForm form() {
        return inner.form();
    }

    @Override
    public Schedule schedule(PolicyInput input) {
        if (LOG.isTraceEnabled()) {
            for (SpeRound round : input.spes()) {
                LOG.trace("policy {} at {}: {} has {} threads", name, input.now(), round.state().speName(),
                        round.state().threads().size());
                for (String metric : inner.requiredMetrics()) {
                    LOG.trace("policy {} reads {} of {}: {}", name, metric, round.state().speName(),
                            round.metric(metric));
                }
            }
        }
        Schedule schedule = inner.schedule(input);
        if (LOG.isTraceEnabled()) {
            for (ThreadPriority tp : schedule.threads()) {
                LOG.trace("policy {} gives {} {} '{}' priority {} from {}", name, tp.speName(), tp.thread().ref(),
                        tp.thread().thread().name(), tp.priority(), tp.metrics());
            }
            LOG.trace("policy {} goal {}", name, schedule.goal());
        }
        return schedule;
    }

    @Override
    public String toString() {
        return inner.toString();
    }
}
