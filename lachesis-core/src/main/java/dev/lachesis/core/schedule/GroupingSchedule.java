package dev.lachesis.core.schedule;

import java.util.List;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * A grouping schedule: groups of threads, each group with one priority (2021 paper §5.3,
 * {gid} → (ℝ, {tid})). Immutable.
 */
public record GroupingSchedule(String policy, List<ScheduleGroup> groups, OptionalDouble goal) implements Schedule {
    public GroupingSchedule {
        Objects.requireNonNull(policy, "policy");
        groups = List.copyOf(groups);
        Objects.requireNonNull(goal, "goal");
    }

    @Override
    public ScheduleForm form() {
        return ScheduleForm.GROUPING;
    }

    @Override
    public List<ThreadPriority> threads() {
        return groups.stream().flatMap(g -> g.threads().stream()).toList();
    }
}
