package dev.lachesis.translators.normalise;

/**
 * Min-max normalisation on the logarithms of the raw priorities: for log-spaced priorities such as
 * HR's rates (2021 paper §5.3). Logarithms exist for positive priorities only; zeros and negatives
 * get the lowest value, and the positive ones share the rest of the range so that any positive
 * priority ranks above them. Immutable.
 */
public final class LogNormaliser implements Normaliser {
    @Override
    public String name() {
        return "log";
    }

    @Override
    public int[] normalise(double[] raw, IntRange range) {
        PositiveLogs logs = PositiveLogs.of(raw);
        IntRange positives = logs.hasNonPositive() ? range.withoutLowest() : range;
        int[] out = new int[raw.length];
        for (int i = 0; i < raw.length; i++) {
            double x = raw[i];
            if (Double.isNaN(x) || x <= 0) {
                out[i] = range.lowest();
            } else if (x == Double.POSITIVE_INFINITY || logs.max() == logs.min()) {
                out[i] = positives.highest();
            } else {
                out[i] = positives.at((Math.log(x) - logs.min()) / (logs.max() - logs.min()));
            }
        }
        return out;
    }
}
