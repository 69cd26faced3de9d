package dev.lachesis.core.schedule;

import dev.lachesis.core.model.OperatorThread;
import java.util.Map;
import java.util.Objects;

/**
 * One thread's priority in a schedule, with the metric values the policy used to compute it, so the
 * CLI and the logs can explain every decision. Higher is more important. Immutable.
 *
 * @param speName the SPE instance the thread belongs to
 * @param thread the thread and its role
 * @param priority the policy's raw priority (any real number; translators normalise it)
 * @param metrics metric name → value the policy used for this thread
 */
public record ThreadPriority(String speName, OperatorThread thread, double priority, Map<String, Double> metrics) {
    public ThreadPriority {
        Objects.requireNonNull(speName, "speName");
        Objects.requireNonNull(thread, "thread");
        metrics = Map.copyOf(metrics);
    }

    /** The same thread and inputs with another priority (used by transformation rules and caps). */
    public ThreadPriority withPriority(double newPriority) {
        return new ThreadPriority(speName, thread, newPriority, metrics);
    }
}
