package dev.lachesis.policies;

import dev.lachesis.core.logging.OnceLog;
import dev.lachesis.core.model.Query;
import dev.lachesis.core.schedule.Schedule;
import dev.lachesis.core.schedule.ScheduleForm;
import dev.lachesis.core.schedule.SinglePrioritySchedule;
import dev.lachesis.core.schedule.ThreadPriority;
import dev.lachesis.core.spi.Policy;
import dev.lachesis.core.spi.PolicyInput;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Multi-class scheduling (Haren §7.4): queries belong to priority classes, every query of a higher
 * class is always ahead of every query of a lower one, and each class ranks its own queries with
 * its own inner policy (Haren: HIGH by FCFS, LOW by HR).
 *
 * <p>Classes are listed from highest to lowest; a class names its queries (by name or id), and at
 * most one class names none and takes every query no other class claims. Each inner policy sees
 * only its class's queries. Its raw priorities are then mapped, order-preserving, into the class's
 * band: with {@code n} classes, class {@code i} (0 = highest) gets {@code [2(n-1-i)+1, 2(n-1-i)+2]}
 * (LOW {@code [1,2]}, HIGH {@code [3,4]} for two classes), by min-max within the class on the
 * values ({@code spacing: linear}) or on their logarithms ({@code spacing: log}, for HR); a class
 * whose threads all have the same priority sits at the top of its band. The empty band between two
 * classes keeps them apart after a translator discretises the range.
 *
 * <p><b>With translators.</b> The output is one single-priority schedule, so its translator decides
 * how strict "always ahead" is. With the real-time translator (min-max onto 1–99) it is strict: a
 * SCHED_RR thread of a higher priority always preempts a lower one, and {@link RealTimeGuard} keeps
 * every query alive. With the nice translator HIGH only gets lower nice values, a weighted preference.
 * For strict precedence with LOW under nice, configure two policy entries instead, each a
 * multi-class policy with one class: HIGH's with the RT translator (RT threads always run before
 * SCHED_OTHER ones) and LOW's with nice; or give HIGH a larger share through {@code query-groups}.
 * The goal is empty: each class pursues its own. Not thread-safe when an inner policy is not.
 */
public final class MultiClassPolicy implements Policy {
    private static final Logger LOG = LoggerFactory.getLogger(MultiClassPolicy.class);

    /** Explanation key of a thread's priority from its class's inner policy, before banding. */
    public static final String INNER_PRIORITY = "inner-priority";
    /** Explanation key of a thread's class rank, 0 for the highest class. */
    public static final String CLASS_RANK = "class-rank";

    private final String name;
    private final List<PriorityClass> classes;
    private final Set<String> claimed;
    private final OnceLog unscalable = new OnceLog(LOG);

    public MultiClassPolicy(String name, List<PriorityClass> classes) {
        this.name = Objects.requireNonNull(name, "name");
        this.classes = List.copyOf(classes);
        Set<String> all = new HashSet<>();
        for (PriorityClass c : this.classes) {
            if (c.inner().form() != ScheduleForm.SINGLE_PRIORITY) {
                throw new IllegalArgumentException("class " + c.name() + ": inner policy " + c.inner()
                        + " does not produce a single-priority schedule");
            }
            all.addAll(c.queries());
        }
        this.claimed = Set.copyOf(all);
    }

    @Override
    public Set<String> requiredMetrics() {
        Set<String> metrics = new HashSet<>();
        classes.forEach(c -> metrics.addAll(c.inner().requiredMetrics()));
        return Set.copyOf(metrics);
    }

    @Override
    public ScheduleForm form() {
        return ScheduleForm.SINGLE_PRIORITY;
    }

    @Override
    public Schedule schedule(PolicyInput input) {
        List<ThreadPriority> threads = new ArrayList<>();
        int n = classes.size();
        for (int i = 0; i < n; i++) {
            PriorityClass c = classes.get(i);
            Predicate<Query> members = c.queries().isEmpty()
                    ? QueryFilter.named(claimed).negate() : QueryFilter.named(c.queries());
            Schedule inner = c.inner().schedule(QueryFilter.filter(input, members));
            threads.addAll(band(c, i, 2.0 * (n - 1 - i) + 1, inner.threads()));
        }
        return new SinglePrioritySchedule(name, threads, OptionalDouble.empty());
    }

    private List<ThreadPriority> band(PriorityClass c, int rank, double low, List<ThreadPriority> inner) {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (ThreadPriority tp : inner) {
            double v = c.spacing().scale(tp.priority());
            if (Double.isFinite(v)) {
                min = Math.min(min, v);
                max = Math.max(max, v);
            } else {
                unscalable.warn(c.name(), "Class {} uses log spacing but its policy {} gave {} a priority of {}; such "
                        + "threads go to the bottom of the class (use spacing: linear for this policy)", c.name(),
                        c.inner(), tp.thread().thread().name(), tp.priority());
            }
        }
        List<ThreadPriority> result = new ArrayList<>(inner.size());
        for (ThreadPriority tp : inner) {
            double v = c.spacing().scale(tp.priority());
            double position = !Double.isFinite(v) ? 0 : max == min ? 1 : (v - min) / (max - min);
            Map<String, Double> metrics = new LinkedHashMap<>(tp.metrics());
            metrics.put(INNER_PRIORITY, tp.priority());
            metrics.put(CLASS_RANK, (double) rank);
            result.add(new ThreadPriority(tp.speName(), tp.thread(), low + position, metrics));
        }
        return result;
    }

    @Override
    public String toString() {
        return "multi-class" + classes;
    }

    /** How a class's raw priorities are spaced, which decides how they are mapped into its band. */
    public enum Spacing {
        /** Priorities that grow linearly (QS, FCFS): min-max on the values. */
        LINEAR,
        /** Log-spaced priorities (HR): min-max on their logarithms; non-positive values go to the bottom. */
        LOG;

        double scale(double priority) {
            if (this == LINEAR) {
                return priority;
            }
            return priority > 0 ? Math.log(priority) : Double.NaN;
        }
    }

    /**
     * One class. Immutable.
     *
     * @param name the class's name, for messages and schedules
     * @param queries the names or ids of its queries; empty for the class that takes all others
     * @param inner the policy that ranks its queries
     * @param spacing how {@code inner}'s priorities are spaced
     */
    public record PriorityClass(String name, Set<String> queries, Policy inner, Spacing spacing) {
        public PriorityClass {
            Objects.requireNonNull(name, "name");
            queries = Set.copyOf(queries);
            Objects.requireNonNull(inner, "inner");
            Objects.requireNonNull(spacing, "spacing");
        }

        @Override
        public String toString() {
            return "{" + name + (queries.isEmpty() ? " (all others)" : " " + queries) + ": " + inner + ", "
                    + spacing.name().toLowerCase(java.util.Locale.ROOT) + "}";
        }
    }
}
