package dev.lachesis.experiments.sweep;

import java.util.Arrays;

/** The nearest-rank percentile of a few thousand values, as the round-time figures need. */
final class Percentile {
    private Percentile() {
    }

    /** The smallest value with at least {@code q} of the values at or below it; NaN for none. */
    static double of(double[] values, double q) {
        if (values.length == 0) {
            return Double.NaN;
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int rank = (int) Math.ceil(q * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length, rank) - 1)];
    }
}
