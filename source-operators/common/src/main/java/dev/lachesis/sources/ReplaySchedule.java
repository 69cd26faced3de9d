package dev.lachesis.sources;

/**
 * When each record of a replay at a fixed input rate arrives: record {@code n} (from 0) is due
 * {@code n / ratePerSecond} seconds after the start. A rate of 0 means no schedule: every record
 * is due at once and the reader goes as fast as the buffer lets it. Immutable.
 *
 * @param ratePerSecond records per second, or 0 for as fast as possible
 * @param startNanos the {@link ReplayClock#nanoTime()} at which record 0 is due
 */
public record ReplaySchedule(double ratePerSecond, long startNanos) {
    private static final double NANOS_PER_SECOND = 1e9;

    /** @throws IllegalArgumentException for a negative, infinite or NaN rate */
    public ReplaySchedule {
        if (!(ratePerSecond >= 0) || Double.isInfinite(ratePerSecond)) {
            throw new IllegalArgumentException("rate was " + ratePerSecond + " records/s but must be a finite number >= 0");
        }
    }

    /** Whether records arrive at a fixed rate (otherwise all are due at once). */
    public boolean paced() {
        return ratePerSecond > 0;
    }

    /** The clock time at which record {@code index} is due. */
    public long dueNanos(long index) {
        if (!paced()) {
            return startNanos;
        }
        return startNanos + (long) (index * NANOS_PER_SECOND / ratePerSecond);
    }

    /**
     * How many records are due by {@code nowNanos}: those whose due time is at or before it.
     * Unpaced schedules return {@link Long#MAX_VALUE}.
     */
    public long dueCount(long nowNanos) {
        if (!paced()) {
            return Long.MAX_VALUE;
        }
        long elapsed = nowNanos - startNanos;
        if (elapsed < 0) {
            return 0;
        }
        long count = (long) (elapsed * ratePerSecond / NANOS_PER_SECOND) + 1;
        // Floating point may land one off near a boundary; the due times decide.
        while (count > 0 && dueNanos(count - 1) > nowNanos) {
            count--;
        }
        while (dueNanos(count) <= nowNanos) {
            count++;
        }
        return count;
    }
}
