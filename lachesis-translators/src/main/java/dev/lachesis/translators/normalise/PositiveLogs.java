package dev.lachesis.translators.normalise;

/**
 * The smallest and largest natural logarithm among the finite positive values of an array, and
 * whether the array holds zeros or finite negatives, for the normalisers that work on logarithms.
 * Immutable.
 */
record PositiveLogs(double min, double max, boolean hasNonPositive) {
    static PositiveLogs of(double[] raw) {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        boolean nonPositive = false;
        for (double x : raw) {
            if (Double.isFinite(x) && x > 0) {
                double l = Math.log(x);
                min = Math.min(min, l);
                max = Math.max(max, l);
            } else if (x <= 0) {
                nonPositive = true;
            }
        }
        return new PositiveLogs(min, max, nonPositive);
    }

    /** Where a finite positive priority goes among the values left to the positives, by its logarithm. */
    @FunctionalInterface
    interface LogPlacement {
        int place(double log, IntRange positives);
    }

    /**
     * Every raw priority's value in {@code range}, the rule both logarithmic normalisers share: NaN,
     * zeros and negatives get the lowest value (and the positives the rest of the range, so that any
     * positive ranks above them); +∞, or every positive when they are all equal, the highest; the
     * others what {@code placement} makes of their logarithm.
     */
    int[] normalise(double[] raw, IntRange range, LogPlacement placement) {
        IntRange positives = hasNonPositive ? range.withoutLowest() : range;
        int[] out = new int[raw.length];
        for (int i = 0; i < raw.length; i++) {
            double x = raw[i];
            if (Double.isNaN(x) || x <= 0) {
                out[i] = range.lowest();
            } else if (x == Double.POSITIVE_INFINITY || max == min) {
                out[i] = positives.highest();
            } else {
                out[i] = placement.place(Math.log(x), positives);
            }
        }
        return out;
    }
}
