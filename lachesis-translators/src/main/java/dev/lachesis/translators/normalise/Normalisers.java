package dev.lachesis.translators.normalise;

import java.util.List;
import java.util.Optional;

/**
 * The normalisers by the name the configuration uses, and which of them suit which translators:
 * {@code linear}, {@code log} and {@code nice-ratio} rank threads on an ordered scale (nice, RT
 * priority); {@code proportional}, {@code linear} and {@code log} give groups relative weights
 * ({@code cpu.shares}, {@code cpu.weight}), where only proportional keeps the priorities' ratios.
 */
public final class Normalisers {
    private static final List<Normaliser> ALL = List.of(new LinearNormaliser(), new LogNormaliser(),
            new NiceRatioNormaliser(), new ProportionalNormaliser());
    private static final List<String> FOR_LEVELS = List.of("linear", "log", "nice-ratio");
    private static final List<String> FOR_WEIGHTS = List.of("proportional", "linear", "log");

    private Normalisers() {
    }

    public static Optional<Normaliser> byName(String name) {
        return ALL.stream().filter(n -> n.name().equals(name)).findFirst();
    }

    /** Every name. */
    public static List<String> names() {
        return ALL.stream().map(Normaliser::name).toList();
    }

    /** The names a translator onto priority levels (nice, RT) accepts. */
    public static List<String> forLevels() {
        return FOR_LEVELS;
    }

    /** The names a translator onto relative weights (cgroup) accepts. */
    public static List<String> forWeights() {
        return FOR_WEIGHTS;
    }
}
