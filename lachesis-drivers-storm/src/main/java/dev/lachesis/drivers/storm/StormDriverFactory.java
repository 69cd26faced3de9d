package dev.lachesis.drivers.storm;

import dev.lachesis.core.config.ConfigException;
import dev.lachesis.core.config.ConfigNode;
import dev.lachesis.core.config.SettingsCheck;
import dev.lachesis.core.proc.ProcFs;
import dev.lachesis.core.spi.DriverContext;
import dev.lachesis.core.spi.SpeDriver;
import dev.lachesis.core.spi.SpeDriverFactory;

/**
 * Creates the {@code storm} driver from an {@code spes[i]} entry: {@code pids} (optional),
 * {@code discovery.topology} (optional topology name) and {@code settings} ({@link StormSettings}).
 * Listed in {@code META-INF/services}. Stateless.
 */
public final class StormDriverFactory implements SpeDriverFactory {
    /** The name configurations use. */
    public static final String NAME = "storm";

    /** Where the worker processes are found; {@code discovery} in an {@code spes} entry. */
    record Discovery(String topology) {
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "Apache Storm 2.x and 1.x topologies (workers or local mode), metrics from Graphite";
    }

    @Override
    public boolean isAvailable() {
        return ProcFs.system().root().toFile().isDirectory();
    }

    @Override
    public SpeDriver create(DriverContext context) throws ConfigException {
        ConfigNode config = context.config();
        ConfigNode settingsNode = config.child("settings");
        StormSettings settings = settingsNode.bind(StormSettings.class);
        Discovery discovery = config.child("discovery").bind(Discovery.class);
        SettingsCheck check = new SettingsCheck(settingsNode);
        settings.validate(check);
        if (discovery.topology() != null && !discovery.topology().matches("[^./:\\\\]+")) {
            check.add(config.child("discovery").problem("topology", discovery.topology(),
                    "is not a Storm topology name (no '.', '/', ':' or '\\')"));
        }
        check.throwIfAny();
        return new StormDriver(context.speName(), withThisMachineByDefault(settings), discovery.topology(), context.pids(), context.metrics(),
                context.threads(), ProcFs.system(), context.clock());
    }

    /** The settings as given, or, without a {@code host}, reading the series this machine's workers report. */
    static StormSettings withThisMachineByDefault(StormSettings settings) {
        return settings.host() == null ? settings.withHost(StormHostName.ofThisMachine()) : settings;
    }
}
