package dev.lachesis.server.status;

import dev.lachesis.core.config.LachesisConfig;
import dev.lachesis.core.config.StatusConfig;
import dev.lachesis.core.loop.RoundListener;
import dev.lachesis.core.loop.RoundListenerFactory;
import dev.lachesis.core.loop.RunningDaemon;
import dev.lachesis.core.proc.ProcFs;
import java.util.Optional;

/** Starts the status endpoint ({@link StatusServer}) when the policy file has a {@code status} section. */
public final class StatusEndpointFactory implements RoundListenerFactory {
    @Override
    public Optional<RoundListener> start(LachesisConfig config, RunningDaemon daemon) {
        StatusConfig settings = config.status();
        if (!settings.enabled()) {
            return Optional.empty();
        }
        DaemonStatus status = new DaemonStatus(daemon.version(), daemon.clock(), daemon.applying(), daemon.policies(),
                daemon.conditions(), ProcFs.system());
        StatusServer server = StatusServer.start(settings, status);
        return Optional.of(RoundListener.of(status, server::close));
    }
}
