package dev.lachesis.core.loop;

import dev.lachesis.core.config.LachesisConfig;
import java.util.Optional;

/**
 * How a plug-in watches the running daemon ({@code lachesis run}): the status endpoint and the
 * carbon report of {@code lachesis-server} are such plug-ins, so core holds no server. Found through
 * {@code META-INF/services}; each is asked once, after the loop is built and before its first round,
 * and starts only when the policy file asks for it.
 */
public interface RoundListenerFactory {
    /**
     * The listener the policy file asks for, started, or empty when the file does not ask for one.
     *
     * @throws RuntimeException when it cannot start (a port in use): the daemon then stops, restoring
     */
    Optional<RoundListener> start(LachesisConfig config, RunningDaemon daemon);
}
