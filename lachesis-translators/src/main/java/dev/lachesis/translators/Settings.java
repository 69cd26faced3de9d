package dev.lachesis.translators;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lachesis.core.config.ConfigException;
import dev.lachesis.core.config.ConfigNode;
import dev.lachesis.core.config.DurationText;
import dev.lachesis.core.config.SettingsCheck;
import dev.lachesis.translators.normalise.Normaliser;
import dev.lachesis.translators.normalise.Normalisers;
import java.time.Duration;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

/**
 * Reads a translator's settings node key by key, checking each value's type and range and collecting
 * every problem in a {@link SettingsCheck}, the collector every plug-in reports its settings' problems
 * through, so one {@link ConfigException} lists them all in the project's shape
 * ({@code <key> (<file>:<line>) was '<value>' but must be ...}). Not thread-safe; one per binding.
 */
public final class Settings {
    private final ConfigNode node;
    private final SettingsCheck problems;

    /** @param known the keys allowed, or {@code null} to leave unknown keys to other readers */
    public Settings(ConfigNode node, Set<String> known) {
        this(node, known, new SettingsCheck(node));
    }

    private Settings(ConfigNode node, Set<String> known, SettingsCheck problems) {
        this.node = node;
        this.problems = problems;
        if (!node.isMissing() && known != null) {
            if (!node.json().isObject()) {
                problems.add(node.problem("", node.json(), "must be a mapping"));
                return;
            }
            for (Iterator<String> it = node.json().fieldNames(); it.hasNext(); ) {
                String key = it.next();
                if (!known.contains(key)) {
                    problems.add(node.problem(key, key, "is not a known key (known: " + String.join(", ", known.stream().sorted().toList()) + ")"));
                }
            }
        }
    }

    /** The settings under {@code key}, whose problems are reported with this one's. */
    public Settings child(String key, Set<String> known) {
        return new Settings(node.child(key), known, problems);
    }

    private JsonNode value(String key) {
        return node.isMissing() ? null : node.json().get(key);
    }

    /** An integer in [min, max]. */
    public int integer(String key, int defaultValue, int min, int max) {
        JsonNode v = value(key);
        if (v == null || v.isNull()) {
            return defaultValue;
        }
        if (!v.canConvertToInt() || !v.isIntegralNumber() || v.asInt() < min || v.asInt() > max) {
            problems.add(node.problem(key, v, "must be a whole number from " + min + " to " + max));
            return defaultValue;
        }
        return v.asInt();
    }

    /** A whole number in [min, max], or {@code null} when absent. */
    public Long optionalLong(String key, long min, long max) {
        JsonNode v = value(key);
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isIntegralNumber() || v.asLong() < min || v.asLong() > max) {
            problems.add(node.problem(key, v, "must be a whole number from " + min + " to " + max));
            return null;
        }
        return v.asLong();
    }

    /** A number in [min, max). */
    public double fraction(String key, double defaultValue, double min, double maxExclusive) {
        JsonNode v = value(key);
        if (v == null || v.isNull()) {
            return defaultValue;
        }
        if (!v.isNumber() || v.asDouble() < min || v.asDouble() >= maxExclusive) {
            problems.add(node.problem(key, v, "must be a number from " + min + " up to (not including) " + maxExclusive));
            return defaultValue;
        }
        return v.asDouble();
    }

    /** Any text. */
    public String text(String key, String defaultValue) {
        JsonNode v = value(key);
        if (v == null || v.isNull()) {
            return defaultValue;
        }
        if (!v.isTextual()) {
            problems.add(node.problem(key, v, "must be text"));
            return defaultValue;
        }
        return v.asText();
    }

    /** One of {@code allowed}. */
    public String choice(String key, String defaultValue, List<String> allowed) {
        JsonNode v = value(key);
        if (v == null || v.isNull()) {
            return defaultValue;
        }
        if (!v.isTextual() || !allowed.contains(v.asText())) {
            problems.add(node.problem(key, v, "must be one of " + String.join(", ", allowed)));
            return defaultValue;
        }
        return v.asText();
    }

    /** One of the {@code allowed} normalisers' names. */
    public Normaliser normaliser(String defaultName, List<String> allowed) {
        return Normalisers.byName(choice("normaliser", defaultName, allowed)).orElseThrow();
    }

    public boolean bool(String key, boolean defaultValue) {
        JsonNode v = value(key);
        if (v == null || v.isNull()) {
            return defaultValue;
        }
        if (!v.isBoolean()) {
            problems.add(node.problem(key, v, "must be true or false"));
            return defaultValue;
        }
        return v.asBoolean();
    }

    /** A duration such as {@code 200ms} in [min, max]. */
    public Duration duration(String key, Duration defaultValue, Duration min, Duration max) {
        JsonNode v = value(key);
        if (v == null || v.isNull()) {
            return defaultValue;
        }
        try {
            Duration d = DurationText.parse(v.asText());
            if (d.compareTo(min) < 0 || d.compareTo(max) > 0) {
                problems.add(node.problem(key, v, "must be from " + DurationText.format(min) + " to " + DurationText.format(max)));
                return defaultValue;
            }
            return d;
        } catch (IllegalArgumentException e) {
            problems.add(node.problem(key, v, "must be a duration such as 500ms, 1s, 2m"));
            return defaultValue;
        }
    }

    /** Records a problem found by comparing values. */
    public void problem(String key, Object value, String reason) {
        problems.add(node.problem(key, value, reason));
    }

    /** @throws ConfigException listing every problem found, one per line */
    public void check() throws ConfigException {
        problems.throwIfAny();
    }
}
