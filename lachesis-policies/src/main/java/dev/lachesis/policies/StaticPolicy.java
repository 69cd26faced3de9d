package dev.lachesis.policies;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.lachesis.core.config.SettingsCheck;
import dev.lachesis.core.config.ValidatedSettings;
import dev.lachesis.core.metric.MetricKeys;
import dev.lachesis.core.model.LogicalOperator;
import dev.lachesis.core.model.Query;
import dev.lachesis.core.model.SpeState;
import dev.lachesis.core.spi.SpeRound;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * STATIC: priorities the user sets by hand per operator, kept on every thread the daemon finds, so
 * they survive what a one-off {@code renice} does not: executors and tasks that start later, a
 * worker that restarts, a job submitted again. A user who knows which operator is the bottleneck
 * (by measuring per-thread CPU under load) writes it down once; the baseline every dynamic policy
 * should beat.
 *
 * <p>An operator is named as the user named it in the query: a Storm component id, a Flink
 * operator name ({@code Source: source} for a source called {@code source}); a key between slashes
 * is a regular expression over the whole name (see {@link OperatorPriorities}). Every replica of
 * an operator gets its priority; an operator the SPE fused with others (a Flink chain) gets the
 * highest priority written for any of them ({@link LogicalToPhysical}). An operator's helpers
 * (Storm send thread, a source's reader, Flink's output flusher) share its priority; threads of
 * operators no key names, and worker-wide helpers, get {@code default}.
 *
 * <p>Priorities are raw values like every policy's: the translator maps the lowest and highest of a
 * round onto its range. With {@code translator: nice} and {@code translator-settings: {highest: -20,
 * lowest: 0}}, the linear normaliser turns 2, 1 and 0 into nice −20, −10 and 0 whenever threads of
 * all three levels run. Needs no metrics; has no goal. Immutable.
 */
public final class StaticPolicy extends ThreadRatingPolicy {
    /** Explanation key of a priority written for the thread's operator. */
    public static final String WRITTEN = "static-priority";
    /** Explanation key of the default priority. */
    public static final String DEFAULT = "static-default";

    private final Settings settings;
    private final OperatorPriorities priorities;

    public StaticPolicy(String name, Settings settings) {
        super(name);
        this.settings = settings;
        this.priorities = OperatorPriorities.of(settings.priorities());
    }

    @Override
    public Set<String> requiredMetrics() {
        return Set.of();
    }

    @Override
    protected ThreadRater rater(SpeRound round) {
        Map<String, Double> byOperator = LogicalToPhysical.transform(round.state(), written(round.state()));
        Rating fallback = Rating.of(DEFAULT, settings.defaultPriority());
        return thread -> Optional.of(thread.operator().map(byOperator::get).map(p -> Rating.of(WRITTEN, p))
                .orElse(fallback));
    }

    /** The priority written for each logical operator of the state's queries that a key names. */
    private Map<String, Double> written(SpeState state) {
        Map<String, Double> logical = new HashMap<>();
        for (Query query : state.queries()) {
            for (LogicalOperator operator : query.operators()) {
                OptionalDouble priority = priorities.priorityOf(operator.name());
                if (priority.isPresent()) {
                    logical.put(MetricKeys.logical(query.id(), operator.id()), priority.getAsDouble());
                }
            }
        }
        return logical;
    }

    @Override
    public String toString() {
        return "static{priorities=" + settings.priorities() + ", default=" + settings.defaultPriority() + "}";
    }

    /**
     * STATIC's settings.
     *
     * @param priorities operator name (or {@code /regular expression/}) → raw priority, in the order
     *     written; at least one, each finite
     * @param defaultPriority the raw priority of every other thread, written {@code default}; 0 unless set
     */
    public record Settings(Map<String, Double> priorities, @JsonProperty("default") Double defaultPriority)
            implements ValidatedSettings {
        public Settings {
            priorities = priorities == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(priorities));
            defaultPriority = Objects.requireNonNullElse(defaultPriority, 0.0);
        }

        @Override
        public void validate(SettingsCheck check) {
            if (priorities.isEmpty()) {
                check.requirePresent(null, "priorities",
                        "operator name (or /regular expression/) -> raw priority, at least one");
            }
            priorities.forEach((key, priority) -> {
                if (priority == null || !Double.isFinite(priority)) {
                    check.add(check.node().child("priorities").problem(key, priority, "must be a finite number"));
                }
                if (OperatorPriorities.isPattern(key)) {
                    try {
                        OperatorPriorities.compile(key);
                    } catch (IllegalArgumentException e) {
                        check.add(check.node().child("priorities").problem(key, key,
                                "is not a regular expression between slashes: " + e.getMessage()));
                    }
                }
            });
            if (!Double.isFinite(defaultPriority)) {
                check.add(check.node().problem("default", defaultPriority, "must be a finite number"));
            }
        }
    }
}
