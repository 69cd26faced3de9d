package dev.lachesis.translators.realtime;

import dev.lachesis.translators.CgroupSettings;
import dev.lachesis.translators.Machine;
import dev.lachesis.translators.NiceSettings;
import dev.lachesis.translators.NiceTranslator;
import dev.lachesis.translators.NiceTranslatorFactory;
import dev.lachesis.translators.PermissionAdvice;
import dev.lachesis.translators.TranslatorFactorySupport;
import dev.lachesis.core.config.ConfigException;
import dev.lachesis.core.spi.Translator;
import dev.lachesis.core.spi.TranslatorContext;
import dev.lachesis.core.spi.TranslatorFactory;
import dev.lachesis.translators.normalise.IntRange;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Creates the {@code rt} translator (see {@link RealTimeTranslator}); found through {@link java.util.ServiceLoader}.
 * For a policy all of whose SPEs run operator threads that poll their queues (Storm 2), it creates a
 * {@link NiceTranslator} with the same normaliser and smoothing instead, unless {@code polling-spes: rt}:
 * there every idle real-time thread wakes at each park and preempts the one with work, and QS-IO
 * through SCHED_RR measured below the kernel alone on Storm 2.8 where the same policy through nice
 * gained (experiments/results/README.md, "Real time: where it pays").
 */
public final class RealTimeTranslatorFactory implements TranslatorFactory {
    private static final Logger LOG = LoggerFactory.getLogger(RealTimeTranslatorFactory.class);

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
        if (context.schedulesOnlyPollingSpes() && !settings.realTimeOnPollingSpes()) {
            LOG.warn("Policy '{}': the operator threads of {} poll their queues, where real time measured below the "
                    + "kernel alone, so translator 'rt' applies its schedules as nice values ({} to {}); set "
                    + "translator-settings.polling-spes: rt to use real time anyway", context.name(),
                    context.spes(), NiceSettings.DEFAULT_HIGHEST, NiceSettings.DEFAULT_LOWEST);
            return NiceTranslatorFactory.create(m, context, new NiceSettings(
                    new IntRange(NiceSettings.DEFAULT_LOWEST, NiceSettings.DEFAULT_HIGHEST), settings.normaliser(),
                    settings.smoothing()));
        }
        if (!m.capabilities().canUseRealTime()) {
            throw new ConfigException("translator 'rt' of " + context.name() + " cannot work here: "
                    + m.capabilities().realTimeRefusal() + ": " + PermissionAdvice.forRealTime());
        }
        return new RealTimeTranslator(context.name(), settings, m.kernel(), m.proc(), m.cgroups().orElse(null),
                TranslatorFactorySupport.journal(context), cgroups);
    }
}
