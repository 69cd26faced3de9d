package dev.lachesis.core.schedule;

import java.util.List;
import java.util.Objects;

/**
 * One group of a grouping schedule: an id (it becomes a cgroup name), the group's priority and its
 * threads. Immutable.
 *
 * @param id the group id; letters, digits, '-', '_' and '.' only, as it names a directory
 * @param priority the group's raw priority
 * @param threads the threads that belong to the group, each with the priority and metrics behind it
 */
public record ScheduleGroup(String id, double priority, List<ThreadPriority> threads) {
    public ScheduleGroup {
        Objects.requireNonNull(id, "id");
        if (!id.matches("[A-Za-z0-9._-]+") || id.equals(".") || id.equals("..")) {
            throw new IllegalArgumentException("group id '" + id + "' must use only letters, digits, '.', '-' and '_'");
        }
        threads = List.copyOf(threads);
    }
}
