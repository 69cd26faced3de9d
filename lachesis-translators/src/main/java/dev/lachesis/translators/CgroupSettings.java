package dev.lachesis.translators;

import dev.lachesis.core.config.ConfigException;
import dev.lachesis.core.config.ConfigNode;

/**
 * The daemon-wide {@code cgroups} section as the translators read it: {@code root}, the group under
 * the cpu controller that holds the groups Lachesis creates (default {@code lachesis}), and
 * {@code rt-runtime-us}, the real-time budget given to a group that has none (default 95% of its
 * {@code cpu.rt_period_us}). Other keys of the section belong to other parts and are left alone.
 * Immutable.
 *
 * @param root the root group, as a path from the hierarchy's mount starting with {@code /}
 * @param rtRuntimeUs the RT budget in µs, or {@code null} for the default
 */
public record CgroupSettings(String root, Long rtRuntimeUs) {
    public static CgroupSettings bind(ConfigNode node) throws ConfigException {
        Settings s = new Settings(node, null);
        String root = s.text("root", "lachesis");
        if (!root.matches("/?[A-Za-z0-9._-]+(/[A-Za-z0-9._-]+)*") || root.contains("..")) {
            s.problem("root", root, "must be a relative group path of letters, digits, '.', '-', '_' and '/'");
        }
        Long runtime = s.optionalLong("rt-runtime-us", 1, 10_000_000);
        s.check();
        return new CgroupSettings(root.startsWith("/") ? root : "/" + root, runtime);
    }
}
