package dev.lachesis.experiments.flink.stats;

import dev.lachesis.experiments.flink.etl.EtlReading;

/**
 * A point of a STATS series ({@code statistic/sensor/field}) with the timing (production and
 * ingestion time, epoch microseconds) of the record it was computed at. A Flink POJO; mutable, not
 * thread-safe.
 */
public class StatsPoint {
    /** When the record was produced (the replay schedule's time), epoch microseconds. */
    public long producedAtMicros;
    /** When the source emitted the record into Flink, epoch microseconds. */
    public long emittedAtMicros;
    /** The series, e.g. {@code average/sensor-3/light}. */
    public String series;
    /** The reading's time, epoch milliseconds. */
    public long timeMs;
    /** The statistic's value. */
    public double value;

    /** For Flink's POJO serializer. */
    public StatsPoint() {
    }

    /** A point of {@code series} at the reading's time and with its timing. */
    static StatsPoint of(EtlReading reading, String series, double value) {
        return of(reading.producedAtMicros, reading.emittedAtMicros, series, reading.timeMs, value);
    }

    /** A point of {@code series} at {@code point}'s time and with its timing. */
    static StatsPoint of(StatsPoint point, String series, double value) {
        return of(point.producedAtMicros, point.emittedAtMicros, series, point.timeMs, value);
    }

    private static StatsPoint of(long producedAtMicros, long emittedAtMicros, String series, long timeMs, double value) {
        StatsPoint point = new StatsPoint();
        point.producedAtMicros = producedAtMicros;
        point.emittedAtMicros = emittedAtMicros;
        point.series = series;
        point.timeMs = timeMs;
        point.value = value;
        return point;
    }

    /** The series of a reading: {@code sensor/field}. */
    static String seriesOf(EtlReading reading) {
        return reading.sensor + '/' + reading.field;
    }
}
