package dev.lachesis.core.config;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * Collects every problem found in one plug-in's settings (a driver's, a policy's), each as one line
 * in the configuration's shape ({@code policies[0].settings.max (lachesis.yaml:9) was '0' but must be
 * greater than min (1)}), so a user sees them all at once: the one way plug-ins check their settings
 * after binding them ({@link ValidatedSettings}). Not thread-safe; used once per factory call.
 */
public final class SettingsCheck {
    private final ConfigNode node;
    private final List<String> problems = new ArrayList<>();

    public SettingsCheck(ConfigNode node) {
        this.node = node;
    }

    /** The settings node being checked. */
    public ConfigNode node() {
        return node;
    }

    /**
     * Records a problem unless {@code ok}; the message shows the value as the user wrote it, or only
     * the key and the reason when the user wrote none.
     *
     * @param key the setting's path relative to the settings node, e.g. {@code max} or {@code classes[1].name}
     * @param reason what the value must be, e.g. "must be at least 0"
     */
    public void require(boolean ok, String key, String reason) {
        if (ok) {
            return;
        }
        JsonNode value = node.json().at(pointer(key));
        if (value.isMissingNode()) {
            ConfigNode child = node.child(key);
            problems.add(child.path() + child.lines().locate(child.path()).map(l -> " " + l).orElse("") + " " + reason);
        } else {
            problems.add(node.problem(key, value, reason));
        }
    }

    /** Records that a required setting is absent, e.g. {@code policies[0].settings.value is required: the priority}. */
    public void requirePresent(Object value, String key, String what) {
        if (value == null) {
            ConfigNode child = node.child(key);
            String where = child.lines().locate(child.path()).map(l -> " " + l).orElse("");
            problems.add(child.path() + where + " is required: " + what);
        }
    }

    /** Records a problem already worded in the configuration's shape. */
    public void add(String problem) {
        problems.add(problem);
    }

    /** Records the problems of a nested configuration error. */
    public void addAll(ConfigException e) {
        problems.addAll(e.problems());
    }

    /** @throws ConfigException listing every problem recorded, when there is any */
    public void throwIfAny() throws ConfigException {
        if (!problems.isEmpty()) {
            throw new ConfigException(problems);
        }
    }

    private static String pointer(String key) {
        return "/" + key.replace(".", "/").replace("[", "/").replace("]", "");
    }
}
