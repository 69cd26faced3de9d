package dev.lachesis.translators.normalise;

import java.util.List;
import java.util.Optional;

/** The normalisers by the name the configuration uses: {@code linear}, {@code log}, {@code nice-ratio}. */
public final class Normalisers {
    private static final List<Normaliser> ALL = List.of(new LinearNormaliser(), new LogNormaliser(),
            new NiceRatioNormaliser());

    private Normalisers() {
    }

    public static Optional<Normaliser> byName(String name) {
        return ALL.stream().filter(n -> n.name().equals(name)).findFirst();
    }

    /** The names, for error messages. */
    public static List<String> names() {
        return ALL.stream().map(Normaliser::name).toList();
    }
}
