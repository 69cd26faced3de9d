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
}
