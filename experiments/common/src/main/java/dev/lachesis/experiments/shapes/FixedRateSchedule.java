package dev.lachesis.experiments.shapes;

/**
 * When a user's fixed-rate source should produce each record: record {@code n} (from 0) is due
 * {@code n / rate} seconds after the start. A source emits every record that is due and waits for the
 * next; when the SPE holds it back it falls behind the schedule and catches up as fast as it is let,
 * and each record keeps the time the schedule named as its production time, so its wait in the
 * source shows in end-to-end latency. Times are epoch microseconds, the queries' clock
 * ({@link dev.lachesis.experiments.measure.EpochMicros}). Immutable.
 */
public final class FixedRateSchedule {
    private final long startMicros;
    private final double microsPerRecord;

    /**
     * @param startMicros when record 0 is due, epoch µs
     * @param recordsPerSecond the rate; positive
     */
    public FixedRateSchedule(long startMicros, double recordsPerSecond) {
        if (!(recordsPerSecond > 0) || Double.isInfinite(recordsPerSecond)) {
            throw new IllegalArgumentException("the rate must be positive and finite, got " + recordsPerSecond);
        }
        this.startMicros = startMicros;
        this.microsPerRecord = 1e6 / recordsPerSecond;
    }

    /** When record {@code n} is due, epoch µs. */
    public long dueAtMicros(long n) {
        return startMicros + (long) (n * microsPerRecord);
    }

    /** How many records are due at {@code nowMicros} (epoch µs): 0 before the start, record 0 at it. */
    public long dueBy(long nowMicros) {
        return nowMicros < startMicros ? 0 : (long) ((nowMicros - startMicros) / microsPerRecord) + 1;
    }
}
