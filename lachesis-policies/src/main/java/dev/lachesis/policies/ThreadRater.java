package dev.lachesis.policies;

import dev.lachesis.core.model.OperatorThread;
import java.util.Optional;

/**
 * Rates the threads of one SPE instance in one round. Returning empty means the policy has no value
 * for the thread this round (its metric is missing); the thread is then left out of the schedule so
 * its translator keeps what it had, unless {@link RealTimeGuard} gives it the query's lowest
 * priority.
 */
@FunctionalInterface
public interface ThreadRater {
    Optional<Rating> rate(OperatorThread thread);
}
