package dev.lachesis.core.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * A policy file, bound but not yet checked for meaning (see {@code ConfigValidator} (in the loop package, beside the plug-ins it checks names against)): the SPE
 * instances, the metric source, the policies with their translators, and the daemon-wide
 * settings. Keeps the parsed tree and its line map so each plug-in gets its own sub-tree as a
 * {@link ConfigNode} whose errors name key path and line. Immutable.
 *
 * @param root the whole file
 * @param spes {@code spes}
 * @param metrics {@code metrics}
 * @param policies {@code policies}
 * @param logging {@code logging}
 * @param journal {@code journal}: where translators record original thread settings
 *     ({@link JournalLocation#defaultPath()} when the file does not say)
 * @param status {@code status}: the daemon's own status endpoint, off when absent
 * @param report {@code report}: each round pushed to carbon, off when absent
 */
public record LachesisConfig(ConfigNode root, List<SpeConfig> spes, MetricsConfig metrics,
                             List<PolicyConfig> policies, LoggingConfig logging, Path journal,
                             StatusConfig status, ReportConfig report) {
    /** The top-level keys, as the file spells them. */
    public static final List<String> KEYS = List.of("spes", "metrics", "policies", "cgroups", "journal", "logging",
            "status", "report");

    public LachesisConfig {
        Objects.requireNonNull(root, "root");
        spes = List.copyOf(spes);
        Objects.requireNonNull(metrics, "metrics");
        policies = List.copyOf(policies);
        Objects.requireNonNull(logging, "logging");
        Objects.requireNonNull(journal, "journal");
        status = status == null ? StatusConfig.off() : status;
        report = report == null ? ReportConfig.off() : report;
    }

    /** The file name shown in messages. */
    public String file() {
        return root.lines().file();
    }

    /** {@code spes[index]}: what the driver of that SPE instance receives. */
    public ConfigNode speNode(int index) {
        return root.child("spes").element(index);
    }

    /** {@code policies[index]}. */
    public ConfigNode policyNode(int index) {
        return root.child("policies").element(index);
    }

    /** The {@code cgroups} section, handed to every translator. */
    public ConfigNode cgroupsNode() {
        return root.child("cgroups");
    }

    /**
     * The metric source settings of one SPE instance: the top-level {@code metrics} section with the
     * keys of {@code spes[index].metrics} put over it.
     */
    public ConfigNode metricsNodeFor(int index) {
        ConfigNode override = speNode(index).child("metrics");
        ConfigNode global = root.child("metrics");
        if (override.isMissing()) {
            return global;
        }
        ObjectNode merged = global.json().isObject() ? ((ObjectNode) global.json()).deepCopy()
                : ConfigMapper.tree().createObjectNode();
        if (override.json().isObject()) {
            override.json().properties().forEach(e -> merged.set(e.getKey(), e.getValue()));
        }
        return new ConfigNode(merged, override.path(), root.lines());
    }

    /** Where the key {@code path} stands in the file, e.g. {@code policies[1].period (lachesis.yaml:14)}. */
    public String where(String path) {
        return root.lines().locate(path).map(l -> path + " " + l).orElse(path);
    }

    /** Whether {@code node} has a value other than null. */
    static boolean present(JsonNode node) {
        return node != null && !node.isMissingNode() && !node.isNull();
    }
}
