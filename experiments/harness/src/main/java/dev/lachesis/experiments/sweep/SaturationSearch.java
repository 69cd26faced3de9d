package dev.lachesis.experiments.sweep;

import dev.lachesis.experiments.run.RunStopped;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.OptionalDouble;
import java.util.concurrent.TimeoutException;

/**
 * Finds the input rate at which a query stops keeping up, with as few trials as the answer allows:
 * from a first rate it steps geometrically, up by a factor while the query keeps up (no higher than
 * a maximum) or, when it already falls behind there, down while it does not (no lower than a
 * minimum); then it bisects, geometrically, between the highest rate the query kept up with and the
 * lowest it fell behind at. Every rate it tries is whole tuples per second. What "keeps up" means is
 * the {@link Probe}'s business ({@link KeepUpRule} for real trials).
 *
 * <p>It assumes that a query falling behind at a rate falls behind at every higher one; a noisy
 * trial can break that, which is why every trial is written down for a person to look at.
 */
final class SaturationSearch {
    private final double from;
    private final double factor;
    private final double min;
    private final double max;
    private final int bisections;

    /** Runs a trial at a rate and says whether the query kept up with it. */
    @FunctionalInterface
    interface Probe {
        boolean keepsUp(double rate) throws IOException, TimeoutException, InterruptedException, RunStopped;
    }

    /**
     * Where the search ended.
     *
     * @param keptUp the highest rate the query kept up with; empty when it kept up with none down to the minimum
     * @param fellBehind the lowest rate it fell behind at; empty when it kept up with every rate up to the maximum
     */
    record Outcome(OptionalDouble keptUp, OptionalDouble fellBehind) {
        /** Whether the search found a rate the query kept up with and one just above it that it did not. */
        boolean found() {
            return keptUp.isPresent() && fellBehind.isPresent();
        }
    }

    /**
     * @param from the first rate to try
     * @param factor how much each step up (or down) multiplies (divides) the rate, above 1
     * @param min the lowest rate to try
     * @param max the highest rate to try
     * @param bisections how many trials narrow the step the search ended in
     * @throws IllegalArgumentException naming the option that is out of range
     */
    SaturationSearch(double from, double factor, double min, double max, int bisections) {
        if (!(factor > 1) || Double.isInfinite(factor)) {
            throw new IllegalArgumentException("--factor was " + text(factor) + " but must be above 1");
        }
        if (!(min >= 1)) {
            throw new IllegalArgumentException("--min was " + text(min) + " but must be at least 1 tuple per second");
        }
        if (Double.isInfinite(max)) {
            throw new IllegalArgumentException("--max was " + text(max) + " but must be a finite rate");
        }
        if (!(min <= from && from <= max)) {
            throw new IllegalArgumentException("--from was " + text(from) + " but must lie within --min "
                    + text(min) + " and --max " + text(max));
        }
        if (bisections < 0) {
            throw new IllegalArgumentException("--bisections was " + bisections + " but must not be negative");
        }
        this.from = from;
        this.factor = factor;
        this.min = min;
        this.max = max;
        this.bisections = bisections;
    }

    /** {@code 2000}, {@code 1.25}, {@code Infinity}: a rate or factor as a person types it. */
    static String text(double value) {
        return Double.isFinite(value) ? BigDecimal.valueOf(value).stripTrailingZeros().toPlainString()
                : String.valueOf(value);
    }

    /** Searches, running {@code probe} once per rate tried, in the order described above. */
    Outcome run(Probe probe) throws IOException, TimeoutException, InterruptedException, RunStopped {
        double keptUp;
        double fellBehind;
        if (probe.keepsUp(from)) {
            keptUp = from;
            while (true) {
                if (keptUp >= max) {
                    return new Outcome(OptionalDouble.of(keptUp), OptionalDouble.empty());
                }
                double rate = Math.min(max, Math.max(Math.round(keptUp * factor), keptUp + 1));
                if (!probe.keepsUp(rate)) {
                    fellBehind = rate;
                    break;
                }
                keptUp = rate;
            }
        } else {
            fellBehind = from;
            while (true) {
                if (fellBehind <= min) {
                    return new Outcome(OptionalDouble.empty(), OptionalDouble.of(fellBehind));
                }
                double rate = Math.max(min, Math.min(Math.round(fellBehind / factor), fellBehind - 1));
                if (probe.keepsUp(rate)) {
                    keptUp = rate;
                    break;
                }
                fellBehind = rate;
            }
        }
        for (int i = 0; i < bisections; i++) {
            double middle = Math.round(Math.sqrt(keptUp * fellBehind));
            if (middle <= keptUp || middle >= fellBehind) {
                break;
            }
            if (probe.keepsUp(middle)) {
                keptUp = middle;
            } else {
                fellBehind = middle;
            }
        }
        return new Outcome(OptionalDouble.of(keptUp), OptionalDouble.of(fellBehind));
    }
}
