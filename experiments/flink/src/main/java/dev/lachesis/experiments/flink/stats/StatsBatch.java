package dev.lachesis.experiments.flink.stats;

/**
 * A full batch of a STATS series' points, as two arrays of equal length, with the timing of the
 * record whose point filled it. A Flink POJO; mutable, not thread-safe.
 */
public class StatsBatch {
    /** When the record was produced (the replay schedule's time), epoch microseconds. */
    public long producedAtMicros;
    /** When the source emitted the record into Flink, epoch microseconds. */
    public long emittedAtMicros;
    /** The series. */
    public String series;
    /** The points' times, epoch milliseconds. */
    public long[] timesMs;
    /** The points' values. */
    public double[] values;

    /** For Flink's POJO serializer. */
    public StatsBatch() {
    }
}
