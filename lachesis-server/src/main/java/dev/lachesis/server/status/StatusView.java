package dev.lachesis.server.status;

import dev.lachesis.core.logging.ConditionLog;
import java.time.Instant;
import java.util.List;

/**
 * The body of {@code GET /status}, field names as in the JSON. Immutable.
 *
 * @param version the daemon's version
 * @param startedAt when the daemon started
 * @param uptimeSeconds how long it has run
 * @param applying {@code false} in a dry run, where schedules are planned only
 * @param spes the SPE instances seen, with their queries
 * @param policies each configured policy and its last round
 * @param conditions what fails now, oldest first
 * @param health what {@code GET /health} answers
 */
public record StatusView(String version, Instant startedAt, double uptimeSeconds, boolean applying,
                         List<SpeView> spes, List<PolicyView> policies, List<ConditionLog.Active> conditions,
                         Health health) {
    public StatusView {
        spes = List.copyOf(spes);
        policies = List.copyOf(policies);
        conditions = List.copyOf(conditions);
    }

    /**
     * An SPE instance as the last round saw it.
     *
     * @param name its name in the policy file
     * @param queries the names of its running queries
     */
    public record SpeView(String name, List<String> queries) {
    }

    /**
     * A configured policy.
     *
     * @param name its name in the policy file
     * @param periodSeconds how often it runs
     * @param spes the SPE instances it schedules
     * @param lastRun its last round, or {@code null} before the first
     */
    public record PolicyView(String name, double periodSeconds, List<String> spes, PolicyRun lastRun) {
    }
}
