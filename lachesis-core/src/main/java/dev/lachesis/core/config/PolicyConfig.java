package dev.lachesis.core.config;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.List;

/**
 * One entry of {@code policies}: a scheduling policy instance, how often it runs, the SPEs it
 * schedules and the translator that applies its schedules (2021 paper, Algorithm 1: one translator
 * per policy). Immutable.
 *
 * @param name the instance's name; it names schedules, cgroups and log lines
 * @param policy the policy plug-in's name ({@code qs}, {@code qs-io}, {@code hr}, {@code fcfs}, {@code random})
 * @param period how often it runs; default 1 s
 * @param spes the names of the SPE instances it schedules; empty means all of them
 * @param translator the translator plug-in's name ({@code nice}, {@code rt}, {@code cgroup})
 * @param settings the policy's own parameters
 * @param translatorSettings the translator's parameters (range, normaliser, ...)
 * @param seed the seed for policies that draw random numbers; {@code null} for a new seed each start
 */
public record PolicyConfig(String name, String policy, Duration period, List<String> spes, String translator,
                           JsonNode settings, JsonNode translatorSettings, Long seed) {
    public static final Duration DEFAULT_PERIOD = Duration.ofSeconds(1);

    public PolicyConfig {
        period = period == null ? DEFAULT_PERIOD : period;
        spes = spes == null ? List.of() : List.copyOf(spes);
    }
}
