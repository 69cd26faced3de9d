package dev.lachesis.translators;

import dev.lachesis.core.config.ConfigException;
import dev.lachesis.core.config.ConfigNode;
import dev.lachesis.translators.normalise.IntRange;
import dev.lachesis.translators.normalise.Normaliser;
import dev.lachesis.translators.normalise.Normalisers;
import java.util.Set;

/**
 * Settings of the {@code nice} translator: {@code highest} (nice of the most important thread,
 * default -20, as in the papers), {@code lowest} (nice of the least important, default 19),
 * {@code normaliser} ({@code linear} by default, {@code log} for log-spaced priorities, {@code nice-ratio}
 * for the 2021 paper's proportional formula) and {@code smoothing} (weight of the past, 0 = off).
 * Immutable.
 */
public record NiceSettings(IntRange range, Normaliser normaliser, double smoothing) {
    /** The nice value of the most important thread unless set: the papers' -20. */
    public static final int DEFAULT_HIGHEST = -20;
    /** The nice value of the least important thread unless set. */
    public static final int DEFAULT_LOWEST = 19;

    /** @throws ConfigException listing every bad value with the allowed range */
    public static NiceSettings bind(ConfigNode node) throws ConfigException {
        Settings s = new Settings(node, Set.of("highest", "lowest", "normaliser", "smoothing"));
        int highest = s.integer("highest", DEFAULT_HIGHEST, -20, 19);
        int lowest = s.integer("lowest", DEFAULT_LOWEST, -20, 19);
        if (highest >= lowest) {
            s.problem("highest", highest, "must be below lowest (" + lowest + "): a lower nice value means more CPU");
        }
        Normaliser normaliser = s.normaliser("linear", Normalisers.forLevels());
        double smoothing = s.fraction("smoothing", 0, 0, 1);
        s.check();
        return new NiceSettings(new IntRange(lowest, highest), normaliser, smoothing);
    }
}
