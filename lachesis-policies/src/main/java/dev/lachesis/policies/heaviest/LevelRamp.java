package dev.lachesis.policies.heaviest;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/**
 * Moves each operator's level (0 to 1) toward the level the policy wants for it by at most a full
 * swing per {@code ramp}, so that no decision moves a thread across its whole range in one round: a
 * change of the schedule changes the queues and rates the next rounds read, and a bounded step lets
 * the query follow. An operator seen for the first time starts at its target, so a new query is
 * scheduled at once; one not asked for in a round is forgotten. Not thread-safe: the policy's round
 * calls it.
 *
 * @param <K> what identifies an operator across rounds
 */
final class LevelRamp<K> {
    private final Duration ramp;
    private Map<K, Double> previous = new HashMap<>();
    private Map<K, Double> current = new HashMap<>();
    private Instant last;
    private double maxStep;

    /** @param ramp the time a level takes to go from 0 to 1; zero for no limit */
    LevelRamp(Duration ramp) {
        this.ramp = ramp;
    }

    /** Starts a round at {@code now}: the step allowed is the time since the last round over the ramp. */
    void startRound(Instant now) {
        maxStep = last == null || ramp.isZero() ? 1
                : Math.min(1, Math.max(0, Duration.between(last, now).toNanos()) / (double) ramp.toNanos());
        last = now;
        previous = current;
        current = new HashMap<>();
    }

    /** The level of {@code key} this round, moved toward {@code target} by at most the round's step. */
    double toward(K key, double target) {
        return current.computeIfAbsent(key, k -> {
            Double before = previous.get(k);
            return before == null ? target : before + Math.max(-maxStep, Math.min(maxStep, target - before));
        });
    }
}
