package dev.lachesis.translators;

import java.util.HashSet;
import java.util.Set;

/**
 * Remembers which problems were already reported, so a condition that lasts (a missing capability, a
 * full RT budget) is reported once and not every round. Not thread-safe.
 */
final class OncePerCondition {
    private final Set<String> seen = new HashSet<>();

    /** True the first time {@code condition} is seen. */
    boolean first(String condition) {
        return seen.add(condition);
    }
}
