package dev.lachesis.core.spi;

import java.util.List;
import java.util.Objects;

/**
 * A schedule turned into OS values, before anything is applied: what {@code once --dry-run} prints
 * and what {@link Translator#apply} carries out. Immutable.
 *
 * @param translator the translator's name
 * @param mechanism what {@code value} means: {@code nice}, {@code rr}, {@code fifo}, {@code cpu.shares}, {@code cpu.weight}
 * @param threads one entry per thread
 */
public record TranslationPlan(String translator, String mechanism, List<TranslatedThread> threads) {
    public TranslationPlan {
        Objects.requireNonNull(translator, "translator");
        Objects.requireNonNull(mechanism, "mechanism");
        threads = List.copyOf(threads);
    }
}
