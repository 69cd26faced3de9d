package dev.lachesis.drivers.flink;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lachesis.core.config.ConfigException;
import dev.lachesis.core.config.ConfigNode;
import dev.lachesis.core.config.DurationText;
import dev.lachesis.core.discovery.JvmProcessFinder;
import dev.lachesis.core.proc.ProcFs;
import dev.lachesis.core.spi.DriverContext;
import dev.lachesis.core.spi.SpeDriver;
import dev.lachesis.core.spi.SpeDriverFactory;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.ArrayList;
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
        List<String> problems = new ArrayList<>();
        URI restUrl = null;
        try {
            restUrl = new URI(settings.restUrl());
            if (!("http".equals(restUrl.getScheme()) || "https".equals(restUrl.getScheme())) || restUrl.getHost() == null) {
                problems.add(settingsNode.problem("rest-url", settings.restUrl(), "must be an http:// or https:// URL with a host"));
            }
        } catch (URISyntaxException e) {
            problems.add(settingsNode.problem("rest-url", settings.restUrl(), "is not a URL: " + e.getReason()));
        }
        GraphiteScope scope = null;
        try {
            scope = GraphiteScope.task(settings.taskScope());
        } catch (IllegalArgumentException e) {
            problems.add(settingsNode.problem("task-scope", settings.taskScope(), e.getMessage()));
        }
        GraphiteScope operatorScope = null;
        try {
            operatorScope = GraphiteScope.operator(settings.operatorScope());
        } catch (IllegalArgumentException e) {
            problems.add(settingsNode.problem("operator-scope", settings.operatorScope(), e.getMessage()));
        }
        checkPositive(settingsNode, "request-timeout", settings.requestTimeout(), problems);
        Duration window = settings.window() == null ? context.metrics().defaultWindow() : settings.window();
        checkPositive(settingsNode, "window", window, problems);
        if (settings.processMarkers().isEmpty() || settings.processMarkers().stream().anyMatch(String::isBlank)) {
            problems.add(settingsNode.problem("process-markers", settings.processMarkers(), "must list non-empty strings"));
        }
        List<Integer> pids = readPids(node.child("pids"), problems);
        if (!problems.isEmpty()) {
            throw new ConfigException(problems);
        }
        FlinkRestClient rest = new FlinkRestClient(restUrl, settings.requestTimeout());
        TaskMetricReader reader = settings.metricsFrom() == FlinkDriverSettings.MetricsFrom.REST
                ? new RestTaskMetrics(rest, context.clock(), window)
                : new GraphiteTaskMetrics(context.metrics(), scope, operatorScope, window);
        JvmProcessFinder finder = JvmProcessFinder.system();
        List<String> markers = settings.processMarkers();
        Supplier<List<Integer>> workers = pids.isEmpty() ? () -> finder.find(markers) : () -> pids;
        return new FlinkDriver(context.speName(), rest, reader, context.threads(), ProcFs.system(), workers,
                context.clock());
    }

    private static void checkPositive(ConfigNode node, String key, Duration value, List<String> problems) {
        if (value.isZero() || value.isNegative()) {
            problems.add(node.problem(key, DurationText.format(value), "must be positive"));
        }
    }

    private static List<Integer> readPids(ConfigNode node, List<String> problems) {
        List<Integer> pids = new ArrayList<>();
        if (node.isMissing()) {
            return pids;
        }
        if (!node.json().isArray()) {
            problems.add(node.problem("", node.json(), "must be a list of process ids"));
            return pids;
        }
        for (int i = 0; i < node.json().size(); i++) {
            JsonNode pid = node.json().get(i);
            if (!pid.canConvertToInt() || !pid.isIntegralNumber() || pid.asInt() <= 0) {
                problems.add(node.element(i).problem("", pid, "must be a positive process id"));
            } else {
                pids.add(pid.asInt());
            }
        }
        return List.copyOf(pids);
    }
}
