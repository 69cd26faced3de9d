package dev.lachesis.policies.heaviest;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Which operators of each query are its heaviest, decided from the CPU each takes, smoothed over
 * rounds, and changed only when the change persists. The CPU an operator takes per second beyond
 * saturation is what a user measures to find the operator to favour; it barely depends on the
 * schedule (every operator processes at the query's pace, so each takes its cost per source record
 * times that pace), so favouring the heaviest one does not make it look lighter the next round, which
 * is how queue-driven policies come to oscillate. Each operator's CPU is smoothed exponentially with
 * time constant {@code smoothing}; an operator whose smoothed CPU reaches {@code join} of its query's
 * highest joins the heavy set once it has stayed there for {@code confirm}, and leaves it once it has
 * stayed below {@code leave} for as long. A query with no heavy operator yet takes its heaviest at once,
 * so a new query is scheduled from its first round. Operators not seen in a round are forgotten.
 * Not thread-safe: the policy's round calls it.
 */
final class HeavyOperators {
    private final Duration smoothing;
    private final Duration confirm;
    private final double join;
    private final double leave;
    private final Map<OperatorKey, Double> smoothed = new HashMap<>();
    private final Map<OperatorKey, Instant> crossingSince = new HashMap<>();
    private final Set<OperatorKey> heavy = new HashSet<>();
    private final Map<OperatorKey.QueryKey, Double> highest = new HashMap<>();
    private Instant last;

    /**
     * @param smoothing the time constant of the exponential smoothing of each operator's CPU
     * @param confirm how long an operator must stay across a threshold before it joins or leaves
     * @param join the share of its query's heaviest operator's CPU from which an operator joins, in (0, 1]
     * @param leave the share below which a heavy operator leaves, at most {@code join}
     */
    HeavyOperators(Duration smoothing, Duration confirm, double join, double leave) {
        this.smoothing = smoothing;
        this.confirm = confirm;
        this.join = join;
        this.leave = leave;
    }

    /**
     * Takes this round's CPU usage (share of a core) of every operator that runs, grouped by query,
     * and updates the heavy sets.
     */
    void update(Instant now, Map<OperatorKey.QueryKey, Map<OperatorKey, Double>> usageByQuery) {
        double weight = last == null || smoothing.isZero() ? 1
                : 1 - Math.exp(-Math.max(0, Duration.between(last, now).toNanos()) / (double) smoothing.toNanos());
        last = now;
        Set<OperatorKey> seen = new HashSet<>();
        usageByQuery.values().forEach(usage -> usage.forEach((key, cpu) -> {
            seen.add(key);
            Double before = smoothed.get(key);
            smoothed.put(key, before == null ? cpu : before + weight * (cpu - before));
        }));
        smoothed.keySet().retainAll(seen);
        heavy.retainAll(seen);
        crossingSince.keySet().retainAll(seen);
        highest.clear();
        usageByQuery.forEach((query, usage) -> decide(now, query, usage.keySet()));
    }

    private void decide(Instant now, OperatorKey.QueryKey query, Set<OperatorKey> operators) {
        double top = operators.stream().mapToDouble(smoothed::get).max().orElse(0);
        if (!(top > 0)) {
            return;
        }
        highest.put(query, top);
        boolean noneHeavy = operators.stream().noneMatch(heavy::contains);
        for (OperatorKey key : operators) {
            double share = smoothed.get(key) / top;
            boolean isHeavy = heavy.contains(key);
            boolean crossing = isHeavy ? share < leave : share >= join;
            if (!crossing) {
                crossingSince.remove(key);
            } else if (noneHeavy || !now.isBefore(crossingSince.computeIfAbsent(key, k -> now).plus(confirm))) {
                if (isHeavy) {
                    heavy.remove(key);
                } else {
                    heavy.add(key);
                }
                crossingSince.remove(key);
            }
        }
    }

    /** Whether {@code key} is among its query's heaviest operators. */
    boolean isHeavy(OperatorKey key) {
        return heavy.contains(key);
    }

    /** Whether any operator of {@code query} is heavy. */
    boolean hasHeavy(OperatorKey.QueryKey query) {
        return heavy.stream().anyMatch(k -> k.queryKey().equals(query));
    }

    /** The smoothed CPU usage of {@code key}, share of a core; NaN when unknown. */
    double smoothedUsage(OperatorKey key) {
        return smoothed.getOrDefault(key, Double.NaN);
    }

    /** The smoothed CPU usage of {@code key} over that of its query's heaviest operator; NaN when unknown. */
    double shareOfHeaviest(OperatorKey key) {
        Double top = highest.get(key.queryKey());
        return top == null ? Double.NaN : smoothedUsage(key) / top;
    }
}
