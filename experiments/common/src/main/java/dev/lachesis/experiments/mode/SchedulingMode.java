package dev.lachesis.experiments.mode;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * How the query's threads are scheduled in a run, named as in the Lachesis-RT 2023 paper §5: the
 * kernel alone, the 2021 behaviour, the 2023 refinements with nice or real-time priorities, and
 * random priorities as the control that shows a gain is not just any change of priorities; beside
 * them the baseline a user gets by hand (a static priority, heaviest operator first), the
 * {@code drain} policy with nice or real-time priorities, the daemon's default
 * {@code heaviest-first}, and for many queries at once the 2021
 * paper's two dimensions (a cgroup per query, nice inside). Each mode is a policy and a translator of
 * {@code lachesis run}. The declaration order is the order of the report's legends and bars.
 */
public enum SchedulingMode {
    /** The kernel alone: no daemon changes a thread. */
    OS("OS", "qs-io", "nice", false),
    /**
     * A static hand-set priority: the query's heaviest operator nice −20, its source −10, every other
     * thread 0 ({@code static} policy, see {@code HandSetPriority}).
     */
    STATIC("STATIC", "static", "nice", true),
    /**
     * QS through nice values, the 2021 paper's Lachesis: nice values by its formula ({@code nice-ratio},
     * §5.3: CPU shares proportional to queue sizes) where the nice translator's default is linear, and
     * a source whose queue the SPE does not show given a queue of one tuple, as that version did (2023
     * paper §5.2.1), where QS's default ranks it at its query's median.
     */
    LACHESIS("LACHESIS", "qs", "nice", true, "nice-ratio"),
    /** QS-IO (operator threads by input queue, helpers by output queue, sources by their backlog) through nice. */
    LACHESIS_MOD("LACHESIS-MOD", "qs-io", "nice", true),
    /** QS-IO through SCHED_RR priorities, the SPE in a cgroup with a 95% real-time budget. */
    LACHESIS_MOD_RT("LACHESIS-MOD-RT", "qs-io", "rt", true),
    /**
     * Many queries at once, the 2021 paper's two dimensions (§5.3, §6.6): every query in a cgroup of
     * its own with an equal {@code cpu.shares} / {@code cpu.weight} ({@code query-groups} through the
     * cgroup translator), QS-IO through nice inside each (nice then weighs only threads of one query).
     */
    LACHESIS_MOD_GROUPS("LACHESIS-MOD-GROUPS", "qs-io", "nice", true),
    /**
     * QS with each operator in a cgroup of its own, its {@code cpu.shares} / {@code cpu.weight} in
     * proportion to its input queue (2021 paper §6.4), where the other LACHESIS modes use nice values.
     */
    LACHESIS_CGROUP("LACHESIS-CGROUP", "qs-groups", "cgroup", true),
    /** DRAIN (queue × CPU cost, discounted by back-pressure; sources at their query's median) through nice. */
    LACHESIS_DRAIN("LACHESIS-DRAIN", "drain", "nice", true),
    /** DRAIN through SCHED_RR priorities, the SPE in a cgroup with a 95% real-time budget. */
    LACHESIS_DRAIN_RT("LACHESIS-DRAIN-RT", "drain", "rt", true),
    /**
     * HEAVIEST-FIRST, the daemon's default (each query's operators that take the most CPU nice −20,
     * its sources −10, the rest 0, kept steady and compared with the kernel alone now and then) through nice.
     */
    HEAVIEST_FIRST("HEAVIEST-FIRST", "heaviest-first", "nice", true),
    /** Uniformly random priorities through nice, the control. */
    RANDOM("RANDOM", "random", "nice", true);

    private final String label;
    private final String policy;
    private final String translator;
    private final boolean applies;
    private final String normaliser;

    SchedulingMode(String label, String policy, String translator, boolean applies) {
        this(label, policy, translator, applies, null);
    }

    SchedulingMode(String label, String policy, String translator, boolean applies, String normaliser) {
        this.label = label;
        this.policy = policy;
        this.translator = translator;
        this.applies = applies;
        this.normaliser = normaliser;
    }

    /** The paper's name, e.g. {@code LACHESIS-MOD-RT}. */
    public String label() {
        return label;
    }

    /** The {@code policy:} of the daemon's policy file; under {@link #OS} the one an observer plans with. */
    public String policy() {
        return policy;
    }

    /** The {@code translator:} of the daemon's policy file. */
    public String translator() {
        return translator;
    }

    /** The translator's {@code normaliser} where the mode sets one; empty for the translator's default. */
    public Optional<String> normaliser() {
        return Optional.ofNullable(normaliser);
    }

    /** The policy's {@code settings} as a YAML flow map where the mode sets them; empty for the policy's defaults. */
    public Optional<String> policySettings() {
        return this == LACHESIS ? Optional.of("{assumed-source-queue: 1}") : Optional.empty();
    }

    /** Whether the daemon also puts every query in a cgroup of its own with an equal share ({@code query-groups}). */
    public boolean groupsQueries() {
        return this == LACHESIS_MOD_GROUPS;
    }

    /** Whether a daemon changes threads in this mode. */
    public boolean applies() {
        return applies;
    }

    /**
     * The mode named {@code label}, case-insensitive.
     *
     * @throws IllegalArgumentException naming the modes there are
     */
    public static SchedulingMode named(String label) {
        for (SchedulingMode mode : values()) {
            if (mode.label.equalsIgnoreCase(label.trim())) {
                return mode;
            }
        }
        throw new IllegalArgumentException("'" + label + "' is not a mode; the modes are " + labels());
    }

    /** Every mode's label, in declaration order (the order of legends and bars), comma-separated. */
    public static String labels() {
        return Arrays.stream(values()).map(SchedulingMode::label).collect(Collectors.joining(", "));
    }

    /** A name for files: {@code lachesis-mod-rt}. */
    public String fileName() {
        return label.toLowerCase(Locale.ROOT);
    }
}
