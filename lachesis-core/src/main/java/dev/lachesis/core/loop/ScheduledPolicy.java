package dev.lachesis.core.loop;

import dev.lachesis.core.spi.Policy;
import dev.lachesis.core.spi.Translator;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * A policy as the main loop runs it (2021 paper, Algorithm 1): its own period, the SPE instances it
 * schedules and its own translator. Immutable (the policy and translator are not).
 *
 * @param name the instance's name from {@code policies[].name}
 * @param policy computes the schedule
 * @param period how often it runs
 * @param spes the SPE instances it schedules, never empty
 * @param translator applies its schedules
 */
public record ScheduledPolicy(String name, Policy policy, Duration period, List<String> spes, Translator translator) {
    public ScheduledPolicy {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(policy, "policy");
        Objects.requireNonNull(translator, "translator");
        spes = List.copyOf(spes);
        if (spes.isEmpty()) {
            throw new IllegalArgumentException("policy " + name + " schedules no SPE instance");
        }
        if (period.isNegative() || period.isZero()) {
            throw new IllegalArgumentException("policy " + name + " needs a positive period, got " + period);
        }
    }
}
