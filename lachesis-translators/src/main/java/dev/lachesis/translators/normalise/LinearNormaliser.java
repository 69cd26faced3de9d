package dev.lachesis.translators.normalise;

/**
 * Min-max normalisation of the raw priorities onto the range, rounded to integers: for policies
 * whose priorities are linear, such as queue sizes (QS). Immutable.
 */
public final class LinearNormaliser implements Normaliser {
    @Override
    public String name() {
        return "linear";
    }

    @Override
    public int[] normalise(double[] raw, IntRange range) {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (double x : raw) {
            if (Double.isFinite(x)) {
                min = Math.min(min, x);
                max = Math.max(max, x);
            }
        }
        int[] out = new int[raw.length];
        for (int i = 0; i < raw.length; i++) {
            double x = raw[i];
            if (Double.isNaN(x) || x == Double.NEGATIVE_INFINITY) {
                out[i] = range.lowest();
            } else if (x == Double.POSITIVE_INFINITY || max == min) {
                out[i] = range.highest();
            } else {
                out[i] = range.at((x - min) / (max - min));
            }
        }
        return out;
    }
}
