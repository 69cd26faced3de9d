package dev.lachesis.drivers.storm;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * Remembers what a function of a name returned, for as long as the name keeps being asked for. The
 * driver reads the same series and thread names every round (they change only when a topology or
 * worker restarts), and reading one takes several regular expressions; remembered, a round reads
 * only the new names. A name not asked for in the current round or the one before is forgotten at
 * the next {@link #nextRound()}, so what is remembered follows the running topologies and a
 * long-running daemon does not grow. Not thread-safe.
 *
 * @param <V> what the function returns, may be {@code null}
 */
final class RoundMemo<V> {
    private final Function<String, V> function;
    private final Map<String, Remembered<V>> remembered = new HashMap<>();
    private long round;

    /** A value, and the last round its name was asked for. */
    private static final class Remembered<V> {
        private final V value;
        private long round;

        Remembered(V value) {
            this.value = value;
        }
    }

    /** @param function a function of the name alone, so that its value may be remembered */
    RoundMemo(Function<String, V> function) {
        this.function = function;
    }

    /** What the function returns for {@code name}: remembered, or computed now and remembered. */
    V get(String name) {
        Remembered<V> r = remembered.get(name);
        if (r == null) {
            r = new Remembered<>(function.apply(name));
            remembered.put(name, r);
        }
        r.round = round;
        return r.value;
    }

    /** Starts the next round, forgetting the names asked for in neither this round nor the one before. */
    void nextRound() {
        long forgetBefore = round - 1;
        remembered.values().removeIf(r -> r.round < forgetBefore);
        round++;
    }
}
