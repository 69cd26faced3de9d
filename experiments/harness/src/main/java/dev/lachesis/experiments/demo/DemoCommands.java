package dev.lachesis.experiments.demo;

import dev.lachesis.core.spi.CommandProvider;
import dev.lachesis.core.spi.JvmThreadLister;
import java.util.List;

/**
 * Adds {@code lachesis demo} to the daemon's command line where the experiments harness is built,
 * so {@code lachesis --help} lists it; the daemon's own modules know nothing of the harness.
 */
public final class DemoCommands implements CommandProvider {
    @Override
    public List<Object> commands(JvmThreadLister threads) {
        return List.of(new DemoCommand());
    }
}
