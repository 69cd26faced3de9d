package dev.lachesis.core.loop;

import java.util.function.Consumer;

/**
 * Told about every periodic round on the loop's thread (what it throws is logged and ignored), and
 * closed once when the daemon stops. Made by a {@link RoundListenerFactory}.
 */
public interface RoundListener extends Consumer<RoundResult>, AutoCloseable {
    @Override
    void close();
}
