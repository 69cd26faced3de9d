package dev.lachesis.translators.normalise;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Exponential smoothing of each thread's raw priority across rounds, so one noisy metric sample
 * does not flip a thread's OS priority: {@code s = (1 − w)·x + w·s_previous}, with {@code w} the
 * weight of the past. A thread seen for the first time starts at its raw value; a NaN keeps the
 * previous smoothed value (a metric missing for a round); ±∞ pass through and restart the series;
 * threads absent from a round are forgotten. Not thread-safe: one translator, one thread.
 *
 * @param <K> what identifies a thread across rounds
 */
public final class ExponentialSmoother<K> {
    private final double pastWeight;
    private Map<K, Double> previous = new HashMap<>();

    /**
     * @param pastWeight the weight of the previous smoothed value, in [0, 1); 0 turns smoothing off
     */
    public ExponentialSmoother(double pastWeight) {
        if (!(pastWeight >= 0 && pastWeight < 1)) {
            throw new IllegalArgumentException("smoothing weight must be in [0, 1), got " + pastWeight);
        }
        this.pastWeight = pastWeight;
    }

    /** Smooths this round's raw priorities, one per key in the same order. */
    public double[] smooth(List<K> keys, double[] raw) {
        Map<K, Double> next = new HashMap<>();
        double[] out = new double[raw.length];
        for (int i = 0; i < raw.length; i++) {
            Double before = previous.get(keys.get(i));
            double x = raw[i];
            double s;
            if (before == null || Double.isInfinite(x) || !Double.isFinite(before)) {
                s = x;
            } else if (Double.isNaN(x)) {
                s = before;
            } else {
                s = (1 - pastWeight) * x + pastWeight * before;
            }
            out[i] = s;
            next.put(keys.get(i), s);
        }
        previous = next;
        return out;
    }
}
