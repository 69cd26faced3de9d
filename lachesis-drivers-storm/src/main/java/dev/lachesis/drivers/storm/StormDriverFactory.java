package dev.lachesis.drivers.storm;

import dev.lachesis.core.config.ConfigException;
import dev.lachesis.core.config.ConfigNode;
import dev.lachesis.core.config.DurationText;
import dev.lachesis.core.proc.ProcFs;
import dev.lachesis.core.spi.DriverContext;
import dev.lachesis.core.spi.SpeDriver;
import dev.lachesis.core.spi.SpeDriverFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Creates the {@code storm} driver from an {@code spes[i]} entry: {@code pids} (optional),
 * {@code discovery.topology} (optional topology name) and {@code settings} ({@link StormSettings}).
 * Listed in {@code META-INF/services}. Stateless.
 */
public final class StormDriverFactory implements SpeDriverFactory {
    /** The name configurations use. */
    public static final String NAME = "storm";

    private static final Set<String> WAIT_STRATEGIES = Set.of("park", "progressive", "unknown");

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
        List<String> problems = new ArrayList<>();
        List<Integer> pids = new ArrayList<>();
        ConfigNode pidsNode = config.child("pids");
        for (int i = 0; i < pidsNode.json().size(); i++) {
            ConfigNode pid = pidsNode.element(i);
            if (pid.json().canConvertToInt() && pid.json().isIntegralNumber() && pid.json().asInt() > 0) {
                pids.add(pid.json().asInt());
            } else {
                problems.add(pid.problem("", pid.json(), "must be a process id (a positive whole number)"));
            }
        }
        if (settings.version() != 1 && settings.version() != 2) {
            problems.add(settingsNode.problem("version", settings.version(), "must be 1 or 2"));
        }
        if (settings.window().compareTo(Duration.ofSeconds(2)) < 0) {
            problems.add(settingsNode.problem("window", DurationText.format(settings.window()), "must be at least 2s (two report periods)"));
        }
        if (settings.metricsBucket().compareTo(Duration.ofSeconds(1)) < 0) {
            problems.add(settingsNode.problem("metrics-bucket", DurationText.format(settings.metricsBucket()), "must be at least 1s"));
        }
        if (!WAIT_STRATEGIES.contains(settings.waitStrategy())) {
            problems.add(settingsNode.problem("wait-strategy", settings.waitStrategy(),
                    "must be one of park, progressive, unknown"));
        }
        if (settings.host().isBlank()) {
            problems.add(settingsNode.problem("host", settings.host(), "must be a host name or a glob such as *"));
        }
        if (discovery.topology() != null && !discovery.topology().matches("[^./:\\\\]+")) {
            problems.add(config.child("discovery").problem("topology", discovery.topology(),
                    "is not a Storm topology name (no '.', '/', ':' or '\\')"));
        }
        if (!problems.isEmpty()) {
            throw new ConfigException(problems);
        }
        return new StormDriver(context.speName(), settings, discovery.topology(), pids, context.metrics(),
                context.threads(), ProcFs.system(), context.clock());
    }
}
