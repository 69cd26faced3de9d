package dev.lachesis.experiments.report;

import org.apache.commons.math3.distribution.TDistribution;

/**
 * The mean of one metric over a point's repetitions with its 95% confidence interval from Student's
 * t distribution: {@code mean ± t(0.975, n-1) · s / √n}, with {@code s} the sample standard
 * deviation. Repetitions that did not measure the metric ({@code NaN}) are left out and not counted
 * in {@code n}. With no value the mean is {@code NaN}; with one value the interval is unknown
 * ({@code NaN}). Immutable.
 *
 * @param mean      the arithmetic mean of the measured values
 * @param halfWidth half the width of the 95% confidence interval, in the metric's unit
 * @param n         how many repetitions measured the metric
 */
public record Estimate(double mean, double halfWidth, int n) {
    /** The confidence level of {@link #halfWidth()}. */
    public static final double CONFIDENCE = 0.95;

    /** The estimate from the repetitions' values; {@code NaN}s are skipped. */
    public static Estimate of(double... values) {
        int n = 0;
        double sum = 0;
        for (double value : values) {
            if (!Double.isNaN(value)) {
                n++;
                sum += value;
            }
        }
        if (n == 0) {
            return new Estimate(Double.NaN, Double.NaN, 0);
        }
        double mean = sum / n;
        if (n == 1) {
            return new Estimate(mean, Double.NaN, 1);
        }
        double squares = 0;
        for (double value : values) {
            if (!Double.isNaN(value)) {
                squares += (value - mean) * (value - mean);
            }
        }
        double standardDeviation = Math.sqrt(squares / (n - 1));
        double t = new TDistribution(n - 1).inverseCumulativeProbability(1 - (1 - CONFIDENCE) / 2);
        return new Estimate(mean, t * standardDeviation / Math.sqrt(n), n);
    }

    /** The lower end of the interval. */
    public double low() {
        return mean - halfWidth;
    }

    /** The upper end of the interval. */
    public double high() {
        return mean + halfWidth;
    }
}
