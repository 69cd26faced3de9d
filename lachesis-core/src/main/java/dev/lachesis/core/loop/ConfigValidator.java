package dev.lachesis.core.loop;

import dev.lachesis.core.config.ConfigException;
import dev.lachesis.core.config.ConfigNode;
import dev.lachesis.core.config.DurationText;
import dev.lachesis.core.config.LachesisConfig;
import dev.lachesis.core.config.LoggingConfig;
import dev.lachesis.core.config.MetricsConfig;
import dev.lachesis.core.config.PolicyConfig;
import dev.lachesis.core.config.ReportConfig;
import dev.lachesis.core.config.SpeConfig;
import dev.lachesis.core.config.StatusConfig;
import dev.lachesis.core.spi.PluginFactory;
import dev.lachesis.core.spi.Plugins;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Checks what a bound policy file means, before anything is created: required keys, ranges, unique
 * names, plug-in names that exist on the class path, and references between sections (a policy
 * naming an unknown SPE). Collects every problem, one line each, in the shape
 * {@code policies[1].period (lachesis.yaml:14) was '0s' but must be at least 10ms}. The checks that
 * need the plug-ins themselves (schedule forms, metric resolution) follow when the daemon is
 * assembled. Immutable; thread-safe.
 */
public final class ConfigValidator {
    /** The shortest policy period: below it a round's own cost (thread dumps, syscalls) dominates. */
    public static final Duration MIN_PERIOD = Duration.ofMillis(10);
    public static final Duration MAX_PERIOD = Duration.ofHours(1);
    /** Graphite stores 1 s buckets, so a shorter window holds at most one, often incomplete, bucket. */
    public static final Duration MIN_WINDOW = Duration.ofSeconds(1);
    public static final Duration MAX_WINDOW = Duration.ofHours(1);
    public static final Duration MIN_TIMEOUT = Duration.ofMillis(10);
    public static final Duration MAX_TIMEOUT = Duration.ofMinutes(1);
    private static final String NAME_FORMAT = "[A-Za-z0-9._-]+";

    private final PluginRegistry plugins;

    public ConfigValidator(PluginRegistry plugins) {
        this.plugins = Objects.requireNonNull(plugins, "plugins");
    }

    /**
     * Checks {@code config}.
     *
     * @throws ConfigException listing every problem found
     */
    public void validate(LachesisConfig config) throws ConfigException {
        List<String> problems = problems(config);
        if (!problems.isEmpty()) {
            throw new ConfigException(problems);
        }
    }

    /** Every problem in {@code config}, one line each; empty when it is valid. */
    public List<String> problems(LachesisConfig config) {
        List<String> problems = new ArrayList<>();
        Set<String> speNames = checkSpes(config, problems);
        checkMetrics(config, config.root().child("metrics"), config.metrics(), problems);
        checkPolicies(config, speNames, problems);
        String level = config.logging().level();
        if (!LoggingConfig.LEVELS.contains(level)) {
            problems.add(config.where("logging.level") + " was '" + level + "' but must be one of "
                    + String.join(", ", LoggingConfig.LEVELS));
        }
        checkStatus(config, problems);
        checkReport(config, problems);
        return problems;
    }

    private static void checkStatus(LachesisConfig config, List<String> problems) {
        StatusConfig status = config.status();
        if (!config.root().child("status").isMissing() && !status.enabled()) {
            problems.add(config.where("status") + " must name a port (e.g. port: " + StatusConfig.DEFAULT_PORT
                    + "), or be left out for no status endpoint");
            return;
        }
        if (status.enabled() && (status.port() < 0 || status.port() > 65_535)) {
            problems.add(config.where("status.port") + " was " + status.port() + " but must be 0..65535 (0: any free port)");
        }
        if (status.enabled() && !isIpLiteral(status.address())) {
            problems.add(config.where("status.address") + " was '" + status.address()
                    + "' but must be an IP address, e.g. 127.0.0.1 (loopback) or 0.0.0.0 (every interface)");
        }
    }

    private static void checkReport(LachesisConfig config, List<String> problems) {
        ReportConfig report = config.report();
        if (!config.root().child("report").isMissing() && !report.enabled()) {
            problems.add(config.where("report") + " must name carbon's plaintext listener (e.g. carbon: 127.0.0.1:2003),"
                    + " or be left out for no report");
            return;
        }
        if (report.enabled() && !report.carbon().matches("(\\[[0-9A-Fa-f:.]+]|[A-Za-z0-9.-]+):\\d{1,5}")) {
            problems.add(config.where("report.carbon") + " was '" + report.carbon() + "' but must be host:port, e.g. "
                    + "127.0.0.1:2003");
        } else if (report.enabled() && (report.port() < 1 || report.port() > 65_535)) {
            problems.add(config.where("report.carbon") + " was '" + report.carbon() + "' but its port must be 1..65535");
        }
        if (report.enabled() && !report.prefix().matches("[A-Za-z0-9_-]+(\\.[A-Za-z0-9_-]+)*")) {
            problems.add(config.where("report.prefix") + " was '" + report.prefix() + "' but must be dot-separated "
                    + "parts of letters, digits, '_' and '-', e.g. lachesis.edge1");
        }
    }

    /** Whether {@code address} is an IPv4 or IPv6 literal: no name is looked up when the daemon starts. */
    private static boolean isIpLiteral(String address) {
        return address.matches("\\d{1,3}(\\.\\d{1,3}){3}") && java.util.Arrays.stream(address.split("\\."))
                .allMatch(octet -> Integer.parseInt(octet) <= 255)
                || address.contains(":") && address.matches("[0-9A-Fa-f:.]+");
    }

    private Set<String> checkSpes(LachesisConfig config, List<String> problems) {
        Set<String> names = new LinkedHashSet<>();
        if (config.spes().isEmpty()) {
            problems.add(config.where("spes") + " must list at least one SPE instance");
        }
        Map<String, Integer> firstIndex = new HashMap<>();
        for (int i = 0; i < config.spes().size(); i++) {
            SpeConfig spe = config.spes().get(i);
            String path = "spes[" + i + "]";
            if (checkName(config, path, spe.name(), "spes", firstIndex, i, problems)) {
                names.add(spe.name());
            }
            checkPlugin(config, plugins.drivers(), path + ".driver", spe.driver(), problems);
            for (int p = 0; p < spe.pids().size(); p++) {
                Integer pid = spe.pids().get(p);
                if (pid == null || pid <= 0) {
                    problems.add(config.where(path + ".pids[" + p + "]") + " was '" + pid
                            + "' but must be a positive process id");
                }
            }
            if (!config.speNode(i).child("metrics").isMissing()) {
                ConfigNode overridden = config.metricsNodeFor(i);
                try {
                    checkMetrics(config, overridden, overridden.bind(MetricsConfig.class), problems);
                } catch (ConfigException e) {
                    problems.addAll(e.problems());
                }
            }
        }
        return names;
    }

    private void checkMetrics(LachesisConfig config, ConfigNode node, MetricsConfig metrics, List<String> problems) {
        String path = node.path();
        if (node.child("source").isMissing()) {
            checkPlugin(plugins.metricSources(), path + ".source (default)", metrics.source(), problems);
        } else {
            checkPlugin(config, plugins.metricSources(), path + ".source", metrics.source(), problems);
        }
        checkRange(config, node.child("window"), metrics.window(), MIN_WINDOW, MAX_WINDOW, problems);
        checkRange(config, node.child("connect-timeout"), metrics.connectTimeout(), MIN_TIMEOUT, MAX_TIMEOUT, problems);
        checkRange(config, node.child("read-timeout"), metrics.readTimeout(), MIN_TIMEOUT, MAX_TIMEOUT, problems);
        checkRange(config, node.child("query-interval"), metrics.queryInterval(), Duration.ZERO, MIN_WINDOW, problems);
        if (metrics.url() != null) {
            String reason = badUrl(metrics.url());
            if (reason != null) {
                problems.add(config.where(path + ".url") + " was '" + metrics.url() + "' but " + reason);
            }
        }
    }

    private void checkPolicies(LachesisConfig config, Set<String> speNames, List<String> problems) {
        if (config.policies().isEmpty()) {
            problems.add(config.where("policies") + " must list at least one policy");
        }
        Map<String, Integer> firstIndex = new HashMap<>();
        for (int i = 0; i < config.policies().size(); i++) {
            PolicyConfig policy = config.policies().get(i);
            String path = "policies[" + i + "]";
            checkName(config, path, policy.name(), "policies", firstIndex, i, problems);
            checkPlugin(config, plugins.policies(), path + ".policy", policy.policy(), problems);
            checkPlugin(config, plugins.translators(), path + ".translator", policy.translator(), problems);
            checkRange(config, config.policyNode(i).child("period"), policy.period(), MIN_PERIOD, MAX_PERIOD, problems);
            for (int s = 0; s < policy.spes().size(); s++) {
                String spe = policy.spes().get(s);
                if (!speNames.contains(spe)) {
                    problems.add(config.where(path + ".spes[" + s + "]") + " was '" + spe
                            + "' but no SPE instance has that name (known: " + String.join(", ", speNames) + ")");
                }
            }
        }
    }

    private static boolean checkName(LachesisConfig config, String path, String name, String section,
                                     Map<String, Integer> firstIndex, int index, List<String> problems) {
        if (name == null || name.isBlank()) {
            problems.add(config.where(path + ".name") + " is missing");
            return false;
        }
        if (!name.matches(NAME_FORMAT)) {
            problems.add(config.where(path + ".name") + " was '" + name
                    + "' but must use only letters, digits, '.', '-' and '_'");
            return false;
        }
        Integer first = firstIndex.putIfAbsent(name, index);
        if (first != null) {
            problems.add(config.where(path + ".name") + " was '" + name + "' but " + section + "[" + first
                    + "] already has that name");
            return false;
        }
        return true;
    }

    private static void checkPlugin(LachesisConfig config, Plugins<? extends PluginFactory> available, String path,
                                    String name, List<String> problems) {
        if (name == null || name.isBlank()) {
            problems.add(config.where(path) + " is missing (available: " + String.join(", ", available.names()) + ")");
            return;
        }
        checkPlugin(available, config.where(path), name, problems);
    }

    private static void checkPlugin(Plugins<? extends PluginFactory> available, String where, String name,
                                    List<String> problems) {
        try {
            available.get(name, where);
        } catch (ConfigException e) {
            problems.addAll(e.problems());
        }
    }

    private static void checkRange(LachesisConfig config, ConfigNode node, Duration value, Duration min,
                                   Duration max, List<String> problems) {
        String written = node.isMissing() ? DurationText.format(value) : node.json().asText();
        if (value.compareTo(min) < 0) {
            problems.add(config.where(node.path()) + " was '" + written + "' but must be at least "
                    + DurationText.format(min));
        } else if (value.compareTo(max) > 0) {
            problems.add(config.where(node.path()) + " was '" + written + "' but must be at most "
                    + DurationText.format(max));
        }
    }

    private static String badUrl(String url) {
        try {
            URI uri = new URI(url);
            if (!"http".equals(uri.getScheme()) && !"https".equals(uri.getScheme())) {
                return "must start with http:// or https://";
            }
            if (uri.getHost() == null) {
                return "must name a host, e.g. http://127.0.0.1:8080";
            }
            return null;
        } catch (URISyntaxException e) {
            return "is not a URL: " + e.getReason();
        }
    }
}
