package dev.lachesis.experiments.soak;

import java.util.List;
import java.util.Locale;

/**
 * What a soak shows (issue 19): whether the daemon's resident memory stayed flat after warm-up —
 * the largest resident set after warm-up at most {@value #FLAT_WITHIN} above the smallest — and what
 * it cost in CPU, over the whole run and per minute, so a leak or a growing round shows as a trend.
 * Immutable.
 *
 * @param warmUpSeconds samples before this are left out of the memory verdict
 * @param residentMinMib smallest resident set after warm-up, MiB
 * @param residentMaxMib largest resident set after warm-up, MiB
 * @param firstMinuteMib mean resident set in the first minute after warm-up
 * @param lastMinuteMib mean resident set in the last minute
 * @param cpuShare the daemon's CPU time over the run's wall time after warm-up (1.0 is one core)
 * @param cpuSharePerMinute the same per minute of the run, from its start
 */
public record SoakVerdict(double warmUpSeconds, double residentMinMib, double residentMaxMib, double firstMinuteMib,
                          double lastMinuteMib, double cpuShare, List<Double> cpuSharePerMinute) {
    /** How far above the smallest resident set after warm-up the largest may be. */
    public static final double FLAT_WITHIN = 0.10;

    /**
     * Judges {@code samples} (in time order, one a second or so).
     *
     * @throws IllegalArgumentException when no sample is after warm-up
     */
    public static SoakVerdict of(List<SoakSample> samples, double warmUpSeconds) {
        List<SoakSample> after = samples.stream().filter(s -> s.elapsedSeconds() >= warmUpSeconds).toList();
        if (after.size() < 2) {
            throw new IllegalArgumentException("no samples after the " + warmUpSeconds + "-s warm-up; run longer");
        }
        double min = after.stream().mapToDouble(SoakSample::residentMib).min().orElseThrow();
        double max = after.stream().mapToDouble(SoakSample::residentMib).max().orElseThrow();
        double start = after.get(0).elapsedSeconds();
        double end = after.get(after.size() - 1).elapsedSeconds();
        double first = after.stream().filter(s -> s.elapsedSeconds() < start + 60)
                .mapToDouble(SoakSample::residentMib).average().orElseThrow();
        double last = after.stream().filter(s -> s.elapsedSeconds() > end - 60)
                .mapToDouble(SoakSample::residentMib).average().orElseThrow();
        double cpu = (after.get(after.size() - 1).cpuSeconds() - after.get(0).cpuSeconds()) / (end - start);
        return new SoakVerdict(warmUpSeconds, min, max, first, last, cpu, perMinute(samples));
    }

    private static List<Double> perMinute(List<SoakSample> samples) {
        List<Double> shares = new java.util.ArrayList<>();
        SoakSample minuteStart = samples.get(0);
        for (SoakSample s : samples) {
            if (s.elapsedSeconds() - minuteStart.elapsedSeconds() >= 60) {
                shares.add((s.cpuSeconds() - minuteStart.cpuSeconds()) / (s.elapsedSeconds() - minuteStart.elapsedSeconds()));
                minuteStart = s;
            }
        }
        return List.copyOf(shares);
    }

    /** How far the largest resident set after warm-up is above the smallest, e.g. 0.04 for 4%. */
    public double residentSpread() {
        return residentMaxMib / residentMinMib - 1;
    }

    /** Whether the resident set stayed within {@link #FLAT_WITHIN} after warm-up. */
    public boolean flat() {
        return residentSpread() <= FLAT_WITHIN;
    }

    /** The verdict in one line. */
    public String line() {
        return String.format(Locale.ROOT, "resident set after the %.0f-s warm-up %.1f–%.1f MiB (spread %.1f%%, %s "
                        + "within %.0f%%; first minute %.1f MiB, last %.1f MiB); CPU %.2f%% of a core",
                warmUpSeconds, residentMinMib, residentMaxMib, 100 * residentSpread(), flat() ? "flat" : "NOT flat",
                100 * FLAT_WITHIN, firstMinuteMib, lastMinuteMib, 100 * cpuShare);
    }
}
