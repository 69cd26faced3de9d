package dev.lachesis.server.status;

import dev.lachesis.core.config.LachesisConfig;
import dev.lachesis.core.loop.RoundListener;
import dev.lachesis.core.loop.RoundListenerFactory;
import dev.lachesis.core.loop.RunningDaemon;
import java.util.Optional;

/** Starts the carbon report of each round ({@link CarbonReporter}) when the policy file has a {@code report} section. */
public final class CarbonReportFactory implements RoundListenerFactory {
    @Override
    public Optional<RoundListener> start(LachesisConfig config, RunningDaemon daemon) {
        if (!config.report().enabled()) {
            return Optional.empty();
        }
        CarbonReporter reporter = CarbonReporter.start(config.report());
        return Optional.of(RoundListener.of(reporter, reporter::close));
    }
}
