package dev.lachesis.translators.cli;

import dev.lachesis.core.spi.CommandProvider;
import dev.lachesis.core.spi.JvmThreadLister;
import java.util.List;

/** Adds {@code set} and {@code restore} to {@code lachesis} when this module is on the class path. */
public final class TranslatorCommands implements CommandProvider {
    @Override
    public List<Object> commands(JvmThreadLister threads) {
        return List.of(new SetCommand(threads), new RestoreCommand());
    }
}
