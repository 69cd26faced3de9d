package dev.lachesis.translators;

import dev.lachesis.core.config.ConfigException;
import dev.lachesis.core.spi.Translator;
import dev.lachesis.core.spi.TranslatorContext;
import dev.lachesis.core.spi.TranslatorFactory;
import java.util.function.Supplier;

/** Creates the {@code nice} translator (see {@link NiceTranslator}); found through {@link java.util.ServiceLoader}. */
public final class NiceTranslatorFactory implements TranslatorFactory {
    private final Supplier<Machine> machine;

    public NiceTranslatorFactory() {
        this(Machine::system);
    }

    NiceTranslatorFactory(Supplier<Machine> machine) {
        this.machine = machine;
    }

    @Override
    public String name() {
        return "nice";
    }

    @Override
    public boolean isAvailable() {
        return machine.get().capabilities().canLowerNice();
    }

    @Override
    public String description() {
        String what = "per-thread nice values through setpriority(2)";
        return isAvailable() ? what : what + "; lowering nice is not permitted here ("
                + machine.get().capabilities().niceRefusal() + "): " + PermissionAdvice.forNice();
    }

    @Override
    public Translator create(TranslatorContext context) throws ConfigException {
        return create(machine.get(), context, NiceSettings.bind(context.config()));
    }

    /** The {@code nice} translator with the given settings, where this machine lets the daemon lower nice values. */
    public static Translator create(Machine m, TranslatorContext context, NiceSettings settings) throws ConfigException {
        if (!m.capabilities().canLowerNice()) {
            throw new ConfigException("translator 'nice' of " + context.name() + " cannot work here: "
                    + m.capabilities().niceRefusal() + ": " + PermissionAdvice.forNice());
        }
        return new NiceTranslator(context.name(), settings, m.kernel(), m.proc(), m.cgroups().orElse(null),
                TranslatorFactorySupport.journal(context));
    }
}
