package dev.lachesis.core.spi;

import dev.lachesis.core.schedule.Schedule;
import dev.lachesis.core.schedule.ScheduleForm;
import java.util.Set;

/**
 * A scheduling policy (2021 paper, Definition 3.2): turns one round's metrics into a schedule,
 * independent of SPE and OS mechanism. Called from the main loop's thread only.
 */
public interface Policy {
    /** The metrics the policy reads; registered with the metric provider at start-up. */
    Set<String> requiredMetrics();

    /** The schedule form it produces, so configuration can check its translator accepts it. */
    ScheduleForm form();

    /** Computes this round's schedule. */
    Schedule schedule(PolicyInput input);
}
