package dev.lachesis.core.testing;

import dev.lachesis.core.schedule.Schedule;
import dev.lachesis.core.schedule.ScheduleForm;
import dev.lachesis.core.spi.Policy;
import dev.lachesis.core.spi.PolicyInput;
import java.util.Set;
import java.util.function.Function;

/**
 * A policy whose round is a lambda of the test, needing no metric: for tests that care what a
 * policy returns or throws, not how it ranks.
 *
 * @param form the form of schedule it makes
 * @param round what it does with each round's input
 */
public record ScriptedPolicy(ScheduleForm form, Function<PolicyInput, Schedule> round) implements Policy {
    @Override
    public Set<String> requiredMetrics() {
        return Set.of();
    }

    @Override
    public Schedule schedule(PolicyInput input) {
        return round.apply(input);
    }
}
