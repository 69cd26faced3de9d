package dev.lachesis.translators;

import dev.lachesis.core.config.ConfigException;
import dev.lachesis.core.config.ConfigNode;
import dev.lachesis.translators.cgroup.CgroupVersion;
import dev.lachesis.translators.normalise.IntRange;
import dev.lachesis.translators.normalise.Normaliser;
import java.util.Set;

/**
 * Settings of the {@code cgroup} translator: the weights given to the least and most important group
 * ({@code lowest}, {@code highest}: {@code cpu.shares} 10 and 1024 on cgroup v1, {@code cpu.weight} 1
 * and 100 on v2, where 1024 shares and weight 100 are each kernel's default), {@code normaliser} and
 * {@code smoothing}. Immutable.
 */
public record CgroupTranslatorSettings(IntRange range, Normaliser normaliser, double smoothing) {
    /** @throws ConfigException listing every bad value with the allowed range for {@code version} */
    public static CgroupTranslatorSettings bind(ConfigNode node, CgroupVersion version) throws ConfigException {
        Settings s = new Settings(node, Set.of("lowest", "highest", "normaliser", "smoothing"));
        boolean v1 = version == CgroupVersion.V1;
        int lowest = s.integer("lowest", v1 ? 10 : 1, version.minWeight(), version.maxWeight());
        int highest = s.integer("highest", v1 ? 1024 : 100, version.minWeight(), version.maxWeight());
        if (lowest > highest) {
            s.problem("lowest", lowest, "must not be above highest (" + highest + ")");
        }
        Normaliser normaliser = s.normaliser("linear");
        double smoothing = s.fraction("smoothing", 0, 0, 1);
        s.check();
        return new CgroupTranslatorSettings(new IntRange(lowest, highest), normaliser, smoothing);
    }
}
