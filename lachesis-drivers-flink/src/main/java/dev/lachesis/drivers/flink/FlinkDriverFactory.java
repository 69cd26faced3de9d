package dev.lachesis.drivers.flink;

import dev.lachesis.core.config.ConfigException;
import dev.lachesis.core.config.ConfigNode;
import dev.lachesis.core.config.DurationText;
import dev.lachesis.core.config.SettingsCheck;
import dev.lachesis.discovery.JvmProcessFinder;
import dev.lachesis.core.proc.ProcFs;
import dev.lachesis.core.spi.DriverContext;
import dev.lachesis.core.spi.SpeDriver;
import dev.lachesis.core.spi.SpeDriverFactory;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;

/**
 * Creates {@code flink} drivers from an {@code spes[i]} entry: {@code pids} (optional) and
 * {@code settings} ({@link FlinkDriverSettings}). Listed in {@code META-INF/services}.
 */
public final class FlinkDriverFactory implements SpeDriverFactory {
    /** The driver's name in the configuration. */
    public static final String NAME = "flink";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "Apache Flink 1.20 and 2.x: jobs from REST, subtask threads from TaskManager JVMs, metrics from Graphite or REST";
    }

    @Override
    public SpeDriver create(DriverContext context) throws ConfigException {
        ConfigNode node = context.config();
        ConfigNode settingsNode = node.child("settings");
        FlinkDriverSettings settings = settingsNode.bind(FlinkDriverSettings.class);
        SettingsCheck check = new SettingsCheck(settingsNode);
        URI restUrl = null;
        try {
            restUrl = new URI(settings.restUrl());
            boolean web = "http".equals(restUrl.getScheme()) || "https".equals(restUrl.getScheme());
            if (!web || restUrl.getHost() == null) {
                check.add(settingsNode.problem("rest-url", settings.restUrl(),
                        "must be an http:// or https:// URL with a host"));
            }
        } catch (URISyntaxException e) {
            check.add(settingsNode.problem("rest-url", settings.restUrl(), "is not a URL: " + e.getReason()));
        }
        GraphiteScope scope = null;
        try {
            scope = GraphiteScope.task(settings.taskScope());
        } catch (IllegalArgumentException e) {
            check.add(settingsNode.problem("task-scope", settings.taskScope(), e.getMessage()));
        }
        GraphiteScope operatorScope = null;
        try {
            operatorScope = GraphiteScope.operator(settings.operatorScope());
        } catch (IllegalArgumentException e) {
            check.add(settingsNode.problem("operator-scope", settings.operatorScope(), e.getMessage()));
        }
        checkPositive(check, "request-timeout", settings.requestTimeout());
        Duration window = settings.window() == null ? context.metrics().defaultWindow() : settings.window();
        checkPositive(check, "window", window);
        if (settings.processMarkers().isEmpty() || settings.processMarkers().stream().anyMatch(String::isBlank)) {
            check.add(settingsNode.problem("process-markers", settings.processMarkers(),
                    "must list non-empty strings"));
        }
        check.throwIfAny();
        FlinkRestClient rest = new FlinkRestClient(restUrl, settings.requestTimeout());
        TaskMetricReader reader = settings.metricsFrom() == FlinkDriverSettings.MetricsFrom.REST
                ? new RestTaskMetrics(rest, context.clock(), window)
                : new GraphiteTaskMetrics(context.metrics(), scope, operatorScope, window);
        JvmProcessFinder finder = JvmProcessFinder.system();
        TaskManagerProcesses taskManagers = new TaskManagerProcesses(settings.processMarkers());
        List<Integer> pids = context.pids();
        Supplier<List<Integer>> workers = pids.isEmpty() ? () -> finder.find(taskManagers) : () -> pids;
        return new FlinkDriver(context.speName(), rest, reader, context.threads(), ProcFs.system(), workers,
                context.clock());
    }

    private static void checkPositive(SettingsCheck check, String key, Duration value) {
        if (value.isZero() || value.isNegative()) {
            check.add(check.node().problem(key, DurationText.format(value), "must be positive"));
        }
    }
}
