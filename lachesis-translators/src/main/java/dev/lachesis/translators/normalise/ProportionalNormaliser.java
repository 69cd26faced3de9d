package dev.lachesis.translators.normalise;

/**
 * Weights proportional to the raw priorities, for the cgroup translator: {@code cpu.shares} and
 * {@code cpu.weight} are relative, a group getting {@code w / Σw} of the CPU, so a group of priority
 * {@code x} gets {@code highest × x / p_max}, rounded and raised to at least {@code lowest}. Query
 * priorities 8 : 2 : 0.5 become shares 1024 : 256 : 64, the CPU split the priorities ask for, where
 * min-max would give 1024 : 213 : 10. Only a range of weights (ascending, positive) makes sense
 * here. NaN, -∞, zeros and negatives get the lowest value; +∞ the highest, which leaves every finite
 * priority at the lowest. Immutable.
 */
public final class ProportionalNormaliser implements Normaliser {
    @Override
    public String name() {
        return "proportional";
    }

    /** @throws IllegalArgumentException when the range is not one of positive, ascending weights */
    @Override
    public int[] normalise(double[] raw, IntRange range) {
        if (range.lowest() < 1 || range.direction() < 0) {
            throw new IllegalArgumentException("proportional normalisation needs ascending positive weights, not " + range);
        }
        double max = Double.NEGATIVE_INFINITY;
        for (double x : raw) {
            if (x > 0) {
                max = Math.max(max, x);
            }
        }
        int[] out = new int[raw.length];
        for (int i = 0; i < raw.length; i++) {
            double x = raw[i];
            if (Double.isNaN(x) || x <= 0) {
                out[i] = range.lowest();
            } else if (x == Double.POSITIVE_INFINITY) {
                out[i] = range.highest();
            } else {
                out[i] = range.clamp(Math.round(range.highest() * (x / max)));
            }
        }
        return out;
    }
}
