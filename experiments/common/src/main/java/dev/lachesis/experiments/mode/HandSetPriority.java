package dev.lachesis.experiments.mode;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What a user who tunes a query by hand writes down: the operator that needs the CPU most (found
 * by measuring each thread's CPU time with the kernel alone beyond saturation) and the query's
 * source. The {@link SchedulingMode#STATIC} mode gives the heaviest operator nice −20, the source
 * −10 and every other thread 0, through the {@code static} policy: raw priorities 2, 1 and 0,
 * which the {@code nice} translator's linear normaliser puts on −20, −10 and 0 with
 * {@code highest: -20, lowest: 0}. Operators are named as the SPE shows them: a Storm component id,
 * a Flink operator name ({@code Source: source}). Immutable.
 *
 * @param heaviestOperator the operator to favour most
 * @param sourceOperator the query's source, favoured next
 */
public record HandSetPriority(String heaviestOperator, String sourceOperator) {
    public HandSetPriority {
        Objects.requireNonNull(heaviestOperator, "heaviestOperator");
        Objects.requireNonNull(sourceOperator, "sourceOperator");
    }

    /**
     * What a user writes down after one run with the kernel alone: the operator whose threads took the
     * most CPU ({@code cpuShares}: operator name → share of a core) first, then {@code sourceOperator};
     * empty when no share was measured.
     */
    public static Optional<HandSetPriority> measured(Map<String, Double> cpuShares, String sourceOperator) {
        return cpuShares.entrySet().stream().filter(e -> Double.isFinite(e.getValue()))
                .max(Map.Entry.comparingByValue())
                .map(heaviest -> new HandSetPriority(heaviest.getKey(), sourceOperator));
    }

    /** The {@code settings:} and {@code translator-settings:} of the policy entry, indented for it. */
    public String policyYaml() {
        String priorities = heaviestOperator.equals(sourceOperator)
                ? "%s: 2".formatted(quoted(heaviestOperator))
                : "%s: 2, %s: 1".formatted(quoted(heaviestOperator), quoted(sourceOperator));
        return """
                    # The hand-set priority: heaviest operator nice -20, the source -10, every other thread 0.
                    settings:
                      priorities: {%s}
                      default: 0
                    translator-settings: {highest: -20, lowest: 0}
                """.formatted(priorities);
    }

    /** A YAML double-quoted string: operator names hold colons and spaces ({@code Source: source}). */
    private static String quoted(String name) {
        return "\"" + name.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
