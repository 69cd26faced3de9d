package dev.lachesis.core.loop;

import java.util.function.Consumer;

/**
 * Told about every periodic round on the loop's thread (what it throws is logged and ignored), and
 * closed once when the daemon stops. Made by a {@link RoundListenerFactory}.
 */
public interface RoundListener extends Consumer<RoundResult>, AutoCloseable {
    @Override
    void close();

    /** A listener that hands each round to {@code onRound} and runs {@code onClose} when closed. */
    static RoundListener of(Consumer<RoundResult> onRound, Runnable onClose) {
        return new RoundListener() {
            @Override
            public void accept(RoundResult round) {
                onRound.accept(round);
            }

            @Override
            public void close() {
                onClose.run();
            }
        };
    }
}
