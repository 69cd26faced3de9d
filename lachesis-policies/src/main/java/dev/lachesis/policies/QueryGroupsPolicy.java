package dev.lachesis.policies;

import dev.lachesis.core.config.SettingsCheck;
import dev.lachesis.core.config.ValidatedSettings;
import dev.lachesis.core.model.OperatorThread;
import dev.lachesis.core.model.Query;
import dev.lachesis.core.schedule.GroupingSchedule;
import dev.lachesis.core.schedule.Schedule;
import dev.lachesis.core.schedule.ScheduleForm;
import dev.lachesis.core.schedule.ScheduleGroup;
import dev.lachesis.core.schedule.ThreadPriority;
import dev.lachesis.core.spi.Policy;
import dev.lachesis.core.spi.PolicyInput;
import dev.lachesis.core.spi.SpeRound;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * Puts each query in its own group with a configured priority (2021 paper §5.3 and §6.4, §6.6): a
 * cgroup translator turns the groups into one cgroup per query and the priorities into
 * {@code cpu.shares} / {@code cpu.weight}, so queries share the CPU in the proportions the user
 * chose. Inside the groups a second policy entry (QS, HR, ...) with the nice translator ranks the
 * operators of each query; nice then only weighs threads against others of the same cgroup. Group
 * ids are {@code <spe>.<query name>} with characters a directory name cannot hold replaced by
 * {@code _} (and a {@code -2}, {@code -3} suffix should two collide). Every thread carries its
 * group's priority. Needs no metrics; has no goal. Immutable.
 */
public final class QueryGroupsPolicy implements Policy {
    /** Explanation key of a thread's group priority. */
    public static final String GROUP_PRIORITY = "group-priority";

    private final String name;
    private final Settings settings;

    public QueryGroupsPolicy(String name, Settings settings) {
        this.name = name;
        this.settings = settings;
    }

    @Override
    public Set<String> requiredMetrics() {
        return Set.of();
    }

    @Override
    public ScheduleForm form() {
        return ScheduleForm.GROUPING;
    }

    @Override
    public Schedule schedule(PolicyInput input) {
        List<ScheduleGroup> groups = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        for (SpeRound round : input.spes()) {
            String spe = round.state().speName();
            for (Query query : round.state().queries()) {
                double priority = settings.priorityOf(query);
                List<ThreadPriority> threads = new ArrayList<>();
                for (OperatorThread t : Topology.schedulableThreads(round.state())) {
                    if (t.queryId().equals(query.id())) {
                        threads.add(new ThreadPriority(spe, t, priority, Map.of(GROUP_PRIORITY, priority)));
                    }
                }
                groups.add(new ScheduleGroup(uniqueId(groupId(spe, query), ids), priority, threads));
            }
        }
        return new GroupingSchedule(name, groups, OptionalDouble.empty());
    }

    static String groupId(String spe, Query query) {
        return (spe + "." + query.name()).replaceAll("[^A-Za-z0-9._-]", "_");
    }

    /** {@code id}, or with the first {@code -N} suffix not in {@code taken}; adds it to {@code taken}. */
    static String uniqueId(String id, Set<String> taken) {
        String candidate = id;
        for (int n = 2; !taken.add(candidate); n++) {
            candidate = id + "-" + n;
        }
        return candidate;
    }

    @Override
    public String toString() {
        return "query-groups{default-priority=" + settings.defaultPriority() + ", priorities="
                + settings.priorities() + "}";
    }

    /**
     * The groups' priorities. A priority is a relative share (with {@code cpu.shares}, 2 gets twice
     * the CPU of 1 under contention), from {@value #MIN_PRIORITY} to {@value #MAX_PRIORITY}: the
     * cgroup translator scales them onto its weights, and 10000 : 1 is the widest ratio every cgroup
     * version can hold ({@code cpu.weight} spans 1–10000, {@code cpu.shares} 2–262144). The
     * translator's own {@code lowest}–{@code highest} may narrow it (by default 10–1024 shares,
     * about 100 : 1); a group further below gets {@code lowest}.
     *
     * @param defaultPriority the priority of a query not listed, default 1
     * @param priorities query name or id → its group's priority
     */
    public record Settings(Double defaultPriority, Map<String, Double> priorities) implements ValidatedSettings {
        /** The smallest priority a group may have. */
        public static final double MIN_PRIORITY = 1;
        /** The largest priority a group may have. */
        public static final double MAX_PRIORITY = 10_000;
        private static final String RANGE = "must be a relative share from 1 to 10000 (the span of cgroup v2's cpu.weight)";

        public Settings {
            defaultPriority = Objects.requireNonNullElse(defaultPriority, 1.0);
            priorities = priorities == null ? Map.of() : Map.copyOf(priorities);
        }

        /** The priority configured for the query by name, else by id, else the default. */
        double priorityOf(Query query) {
            Double byName = priorities.get(query.name());
            if (byName != null) {
                return byName;
            }
            return priorities.getOrDefault(query.id(), defaultPriority);
        }

        @Override
        public void validate(SettingsCheck check) {
            check.require(inRange(defaultPriority), "default-priority", RANGE);
            priorities.forEach((query, priority) -> check.require(inRange(priority), "priorities." + query, RANGE));
        }

        private static boolean inRange(double priority) {
            return priority >= MIN_PRIORITY && priority <= MAX_PRIORITY;
        }
    }
}
