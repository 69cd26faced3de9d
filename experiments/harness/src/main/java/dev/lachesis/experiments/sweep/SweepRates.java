package dev.lachesis.experiments.sweep;

import java.util.List;
import java.util.stream.Collectors;

/**
 * The input rates a sweep should run around a saturation rate, from below it to well beyond it as
 * the 2023 paper's figures go: {@link #MULTIPLES} of it, each rounded to a readable step (5% of the
 * saturation rate, rounded down to 1, 2 or 5 times a power of ten), e.g. 15000,19000,22000,25000,29000
 * around 22000.
 */
final class SweepRates {
    /** The multiples of the saturation rate a sweep runs. */
    static final List<Double> MULTIPLES = List.of(0.7, 0.85, 1.0, 1.15, 1.3);

    private SweepRates() {
    }

    /** The rates around {@code saturation}, ascending, each once. */
    static List<Long> around(double saturation) {
        long step = step(saturation);
        return MULTIPLES.stream()
                .map(m -> Math.max(step, Math.round(m * saturation / step) * step))
                .distinct()
                .toList();
    }

    /** The rounding step of {@link #around}: 5% of {@code saturation} rounded down to 1, 2 or 5 × 10^k, at least 1. */
    static long step(double saturation) {
        double target = 0.05 * saturation;
        if (target < 1) {
            return 1;
        }
        long power = 1;
        while (power * 10 <= target) {
            power *= 10;
        }
        return target >= 5 * power ? 5 * power : target >= 2 * power ? 2 * power : power;
    }

    /** {@code 15000,19000,22000}, as {@code --rates} takes them. */
    static String asOption(List<Long> rates) {
        return rates.stream().map(String::valueOf).collect(Collectors.joining(","));
    }
}
