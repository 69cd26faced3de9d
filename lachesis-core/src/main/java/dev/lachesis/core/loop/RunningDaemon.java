package dev.lachesis.core.loop;

import dev.lachesis.core.logging.ConditionLog;
import java.time.Clock;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * What a {@link RoundListenerFactory} may know of the daemon it watches, beyond each round.
 *
 * @param version the daemon's version, as {@code --version} prints it
 * @param clock the daemon's clock
 * @param applying whether rounds apply their schedules ({@code false} in a dry run)
 * @param policies the policies running now, in the file's order (a reload changes them)
 * @param conditions the conditions failing now, in the order they started
 */
public record RunningDaemon(String version, Clock clock, boolean applying, Supplier<List<ScheduledPolicy>> policies,
                            Supplier<List<ConditionLog.Active>> conditions) {
    public RunningDaemon {
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(policies, "policies");
        Objects.requireNonNull(conditions, "conditions");
    }
}
