package dev.lachesis.server.cli;

import dev.lachesis.core.spi.CommandProvider;
import dev.lachesis.core.spi.JvmThreadLister;
import java.util.List;

/** Adds {@code metrics}, {@code store} and {@code status} to {@code lachesis} when this module is on the class path. */
public final class ServerCommands implements CommandProvider {
    @Override
    public List<Object> commands(JvmThreadLister threads) {
        return List.of(new MetricsCommand(), new StoreCommand(), new StatusCommand());
    }
}
