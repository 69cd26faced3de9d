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
        return logs.normalise(raw, range,
                (log, positives) -> positives.at((log - logs.min()) / (logs.max() - logs.min())));
    }
}
