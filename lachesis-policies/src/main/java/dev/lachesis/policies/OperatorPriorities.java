package dev.lachesis.policies;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Priorities a user wrote per operator name, as STATIC's {@code priorities:} holds them: a key is
 * an operator's exact name ({@code parse}, {@code Source: source}), or a regular expression between
 * slashes ({@code /csv-.*|join/}) that must match the whole name. An exact key wins over any
 * pattern; among patterns the first one written that matches wins. Exact names need no escaping,
 * so names with parentheses or dots are written as they are. Immutable.
 */
final class OperatorPriorities {
    /** One key as a pattern, with the priority written for it. */
    private record Rule(String key, Pattern pattern, double priority) {
    }

    private final Map<String, Double> exact;
    private final List<Rule> patterns;

    private OperatorPriorities(Map<String, Double> exact, List<Rule> patterns) {
        this.exact = exact;
        this.patterns = patterns;
    }

    /**
     * The priorities of {@code written}, keys in the order written.
     *
     * @throws IllegalArgumentException naming the first key whose pattern does not compile
     */
    static OperatorPriorities of(Map<String, Double> written) {
        Map<String, Double> exact = new HashMap<>();
        List<Rule> patterns = new ArrayList<>();
        for (Map.Entry<String, Double> entry : written.entrySet()) {
            String key = entry.getKey();
            if (isPattern(key)) {
                patterns.add(new Rule(key, compile(key), entry.getValue()));
            } else {
                exact.put(key, entry.getValue());
            }
        }
        return new OperatorPriorities(Map.copyOf(exact), List.copyOf(patterns));
    }

    /** Whether {@code key} is written as a pattern: between slashes, with something between them. */
    static boolean isPattern(String key) {
        return key.length() > 2 && key.startsWith("/") && key.endsWith("/");
    }

    /**
     * The regular expression of a pattern key.
     *
     * @throws IllegalArgumentException with the reason the expression does not compile, in one line
     */
    static Pattern compile(String key) {
        try {
            return Pattern.compile(key.substring(1, key.length() - 1));
        } catch (PatternSyntaxException e) {
            throw new IllegalArgumentException(e.getDescription() + " at index " + e.getIndex(), e);
        }
    }

    /** The priority written for the operator called {@code name}, or empty when no key matches it. */
    OptionalDouble priorityOf(String name) {
        Double byName = exact.get(name);
        if (byName != null) {
            return OptionalDouble.of(byName);
        }
        for (Rule rule : patterns) {
            if (rule.pattern().matcher(name).matches()) {
                return OptionalDouble.of(rule.priority());
            }
        }
        return OptionalDouble.empty();
    }
}
