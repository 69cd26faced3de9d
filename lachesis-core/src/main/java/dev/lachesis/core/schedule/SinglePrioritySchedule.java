package dev.lachesis.core.schedule;

import java.util.List;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * A single-priority schedule: every thread gets its own real-valued priority (2021 paper §5.3,
 * {tid} → ℝ). Immutable.
 */
public record SinglePrioritySchedule(String policy, List<ThreadPriority> threads, OptionalDouble goal)
        implements Schedule {
    public SinglePrioritySchedule {
        Objects.requireNonNull(policy, "policy");
        threads = List.copyOf(threads);
        Objects.requireNonNull(goal, "goal");
    }

    @Override
    public ScheduleForm form() {
        return ScheduleForm.SINGLE_PRIORITY;
    }
}
