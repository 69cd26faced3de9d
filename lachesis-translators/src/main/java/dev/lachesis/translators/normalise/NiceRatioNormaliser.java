package dev.lachesis.translators.normalise;

/**
 * The nice formula of the 2021 paper (§5.3): the kernel gives a thread 1.25 times the CPU of one a
 * nice level below it, so a thread with priority {@code x} gets
 * {@code F(x) = n_max + (log p_max − log x) / log 1.25}, where {@code n_max} is the range's value for
 * the highest priority and {@code p_max} the highest raw priority: CPU shares stay proportional to
 * the priorities. When the spread does not fit in the range, the final min-max (on the logarithms,
 * which is the same as on {@code F}) is {@link LogNormaliser}'s. Zeros and negatives get the lowest value, as in
 * {@link LogNormaliser}. Immutable.
 */
public final class NiceRatioNormaliser implements Normaliser {
    private static final double LOG_STEP = Math.log(1.25);
    private static final Normaliser SQUEEZED = new LogNormaliser();

    @Override
    public String name() {
        return "nice-ratio";
    }

    @Override
    public int[] normalise(double[] raw, IntRange range) {
        PositiveLogs logs = PositiveLogs.of(raw);
        IntRange positives = logs.hasNonPositive() ? range.withoutLowest() : range;
        double stepsNeeded = (logs.max() - logs.min()) / LOG_STEP;
        if (Double.isFinite(stepsNeeded) && stepsNeeded > positives.size() - 1) {
            return SQUEEZED.normalise(raw, range);
        }
        return logs.normalise(raw, range, (log, rest) -> rest.stepsBelowHighest((logs.max() - log) / LOG_STEP));
    }
}
