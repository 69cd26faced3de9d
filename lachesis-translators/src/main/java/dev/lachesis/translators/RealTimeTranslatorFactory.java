package dev.lachesis.translators;

import dev.lachesis.core.config.ConfigException;
import dev.lachesis.core.spi.Translator;
import dev.lachesis.core.spi.TranslatorContext;
import dev.lachesis.core.spi.TranslatorFactory;
import java.util.function.Supplier;

/** Creates the {@code rt} translator (see {@link RealTimeTranslator}); found through {@link java.util.ServiceLoader}. */
public final class RealTimeTranslatorFactory implements TranslatorFactory {
    private final Supplier<Machine> machine;

    public RealTimeTranslatorFactory() {
        this(Machine::system);
    }

    RealTimeTranslatorFactory(Supplier<Machine> machine) {
        this.machine = machine;
    }

    @Override
    public String name() {
        return "rt";
    }

    @Override
    public boolean isAvailable() {
        return machine.get().capabilities().canUseRealTime();
    }

    @Override
    public String description() {
        String what = "SCHED_RR/SCHED_FIFO priorities through sched_setscheduler(2), with RT budgets and a progress watchdog";
        return isAvailable() ? what : what + "; real-time scheduling is not permitted here ("
                + machine.get().capabilities().realTimeRefusal() + "): " + PermissionAdvice.forRealTime();
    }

    @Override
    public Translator create(TranslatorContext context) throws ConfigException {
        RealTimeSettings settings = RealTimeSettings.bind(context.config());
        CgroupSettings cgroups = CgroupSettings.bind(context.cgroups());
        Machine m = machine.get();
        if (!m.capabilities().canUseRealTime()) {
            throw new ConfigException("translator 'rt' of " + context.name() + " cannot work here: "
                    + m.capabilities().realTimeRefusal() + ": " + PermissionAdvice.forRealTime());
        }
        return new RealTimeTranslator(context.name(), settings, m.kernel(), m.proc(), m.cgroups().orElse(null),
                TranslatorFactorySupport.journal(context), cgroups);
    }
}
