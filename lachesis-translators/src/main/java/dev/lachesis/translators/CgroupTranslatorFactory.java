package dev.lachesis.translators;

import dev.lachesis.core.config.ConfigException;
import dev.lachesis.core.spi.Translator;
import dev.lachesis.core.spi.TranslatorContext;
import dev.lachesis.core.spi.TranslatorFactory;
import dev.lachesis.translators.cgroup.CgroupHierarchy;
import java.nio.file.Files;
import java.util.function.Supplier;

/** Creates the {@code cgroup} translator (see {@link CgroupTranslator}); found through {@link java.util.ServiceLoader}. */
public final class CgroupTranslatorFactory implements TranslatorFactory {
    private final Supplier<Machine> machine;

    public CgroupTranslatorFactory() {
        this(Machine::system);
    }

    CgroupTranslatorFactory(Supplier<Machine> machine) {
        this.machine = machine;
    }

    @Override
    public String name() {
        return "cgroup";
    }

    @Override
    public boolean isAvailable() {
        return machine.get().cgroups().map(h -> Files.isWritable(h.mount())).orElse(false);
    }

    @Override
    public String description() {
        String what = "groups of threads in cgroups weighted by cpu.shares (v1) or cpu.weight (v2)";
        return isAvailable() ? what : what + "; "
                + machine.get().cgroups().map(h -> h + " is not writable: " + PermissionAdvice.forCgroups())
                        .orElse("no cgroup hierarchy with the cpu controller is mounted (see /proc/mounts)");
    }

    @Override
    public Translator create(TranslatorContext context) throws ConfigException {
        Machine m = machine.get();
        CgroupHierarchy hierarchy = m.cgroups().orElseThrow(() -> new ConfigException("translator 'cgroup' of "
                + context.name() + " cannot work here: no cgroup hierarchy with the cpu controller is mounted"));
        CgroupTranslatorSettings settings = CgroupTranslatorSettings.bind(context.config(), hierarchy.version());
        CgroupSettings cgroups = CgroupSettings.bind(context.cgroups());
        return new CgroupTranslator(context.name(), settings, cgroups, m.kernel(), m.proc(), hierarchy,
                TranslatorFactorySupport.journal(context));
    }
}
