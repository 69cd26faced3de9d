package dev.lachesis.policies;

import dev.lachesis.core.schedule.GroupingSchedule;
import dev.lachesis.core.schedule.Schedule;
import dev.lachesis.core.schedule.ScheduleForm;
import dev.lachesis.core.schedule.ScheduleGroup;
import dev.lachesis.core.schedule.ThreadPriority;
import dev.lachesis.core.spi.Policy;
import dev.lachesis.core.spi.PolicyInput;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Each operator in a group of its own, ranked by a single-priority policy (2021 paper §6.4: one
 * cgroup per operator, its {@code cpu.shares} from QS): the cgroup translator makes the groups and,
 * with its default proportional normaliser, gives each a share of the CPU in proportion to the
 * priority its threads got. A group's priority is the highest its threads have (QS gives every thread
 * of an operator the same). Worker-wide helper threads of a query share one group per query
 * ({@code <spe>.<query>.workers}); an operator's group is {@code <spe>.<query>.<operator>} with
 * characters a directory name cannot hold replaced by {@code _} (and a {@code -2}, {@code -3}
 * suffix should two collide). Stateless apart from the wrapped policy.
 */
public final class OperatorGroupsPolicy implements Policy {
    /** The group of a query's threads that belong to no operator. */
    static final String WORKERS = "workers";

    private final Policy inner;

    public OperatorGroupsPolicy(Policy inner) {
        this.inner = Objects.requireNonNull(inner, "inner");
        if (inner.form() != ScheduleForm.SINGLE_PRIORITY) {
            throw new IllegalArgumentException("operator groups rank by a single-priority policy, not " + inner);
        }
    }

    @Override
    public Set<String> requiredMetrics() {
        return inner.requiredMetrics();
    }

    @Override
    public ScheduleForm form() {
        return ScheduleForm.GROUPING;
    }

    @Override
    public Schedule schedule(PolicyInput input) {
        Schedule ranked = inner.schedule(input);
        Map<String, List<ThreadPriority>> byOperator = new LinkedHashMap<>();
        for (ThreadPriority t : ranked.threads()) {
            String operator = t.thread().operatorId() == null ? WORKERS : t.thread().operatorId();
            byOperator.computeIfAbsent(t.speName() + "." + t.thread().queryId() + "." + operator, k -> new ArrayList<>())
                    .add(t);
        }
        List<ScheduleGroup> groups = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        for (Map.Entry<String, List<ThreadPriority>> e : byOperator.entrySet()) {
            double priority = e.getValue().stream().mapToDouble(ThreadPriority::priority).max().orElse(0);
            groups.add(new ScheduleGroup(QueryGroupsPolicy.uniqueId(e.getKey().replaceAll("[^A-Za-z0-9._-]", "_"), ids),
                    priority, e.getValue()));
        }
        return new GroupingSchedule(ranked.policy(), groups, ranked.goal());
    }

    @Override
    public String toString() {
        return "operator-groups(" + inner + ")";
    }
}
