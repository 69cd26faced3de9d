package dev.lachesis.translators.normalise;

/**
 * The OS values a normaliser maps onto, written from the value given to the least important thread
 * to the value given to the most important one. The ends may run either way: nice goes from 19
 * (least) to -20 (most), an RT priority from 1 to 99, cpu.shares from 10 to 1024. Rounding counts
 * whole steps along the range, and a value exactly halfway between two steps takes the more important
 * one, whichever way the range runs (rounding the OS value itself would favour the less important
 * nice but the more important RT priority). Immutable.
 *
 * @param lowest the OS value for the lowest raw priority
 * @param highest the OS value for the highest raw priority
 */
public record IntRange(int lowest, int highest) {
    /** How many distinct values the range holds. */
    public int size() {
        return Math.abs(highest - lowest) + 1;
    }

    /** +1 when values grow toward {@link #highest}, -1 when they shrink. */
    public int direction() {
        return highest >= lowest ? 1 : -1;
    }

    /** The range with the least important value moved one step toward the most important one. */
    public IntRange withoutLowest() {
        return size() == 1 ? this : new IntRange(lowest + direction(), highest);
    }

    /**
     * The value at {@code fraction} of the way from lowest (0) to highest (1), rounded to the nearest
     * step (halfway: toward highest) and kept inside the range.
     */
    public int at(double fraction) {
        double f = Math.max(0, Math.min(1, fraction));
        return lowest + direction() * (int) Math.round(f * (size() - 1));
    }

    /**
     * The value {@code steps} steps from highest toward lowest, rounded to the nearest step (halfway:
     * toward highest) and kept inside the range.
     */
    public int stepsBelowHighest(double steps) {
        return clamp(highest - direction() * (long) Math.ceil(steps - 0.5));
    }

    /**
     * The value {@code fraction} (0 to 1, clamped; NaN counts as 0) of the way from {@code neutral}
     * (moved inside the range) to highest, rounded to the nearest step (halfway: toward highest): how
     * a schedule on the {@code FROM_NEUTRAL} scale is mapped, each thread on its own.
     */
    public int fromNeutral(int neutral, double fraction) {
        int start = clamp(neutral);
        double f = fraction > 0 ? Math.min(1, fraction) : 0;
        return start + Integer.signum(highest - start) * (int) Math.round(f * Math.abs(highest - start));
    }

    /** {@code value} moved inside the range. */
    public int clamp(long value) {
        long lo = Math.min(lowest, highest);
        long hi = Math.max(lowest, highest);
        return (int) Math.max(lo, Math.min(hi, value));
    }

    @Override
    public String toString() {
        return "[" + lowest + " (lowest priority) .. " + highest + " (highest priority)]";
    }
}
