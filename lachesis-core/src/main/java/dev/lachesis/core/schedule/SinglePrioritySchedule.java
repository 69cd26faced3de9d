package dev.lachesis.core.schedule;

import java.util.List;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * A single-priority schedule: every thread gets its own real-valued priority (2021 paper §5.3,
 * {tid} → ℝ), on the scale its policy says. Immutable.
 *
 * @param scale how the translator reads the priorities
 */
public record SinglePrioritySchedule(String policy, List<ThreadPriority> threads, OptionalDouble goal,
                                     PriorityScale scale) implements Schedule {
    public SinglePrioritySchedule {
        Objects.requireNonNull(policy, "policy");
        threads = List.copyOf(threads);
        Objects.requireNonNull(goal, "goal");
        Objects.requireNonNull(scale, "scale");
    }

    /** A schedule whose priorities only rank the threads ({@link PriorityScale#RELATIVE}). */
    public SinglePrioritySchedule(String policy, List<ThreadPriority> threads, OptionalDouble goal) {
        this(policy, threads, goal, PriorityScale.RELATIVE);
    }

    @Override
    public ScheduleForm form() {
        return ScheduleForm.SINGLE_PRIORITY;
    }
}
