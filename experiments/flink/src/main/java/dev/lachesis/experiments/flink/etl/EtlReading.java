package dev.lachesis.experiments.flink.etl;

/**
 * One reading of a SenML record on its way through the ETL job, with the record's timing (production
 * and ingestion time, epoch microseconds) that every operator carries to the sink. A Flink POJO, so
 * it crosses the job's network edges with Flink's own serializer; mutable, not thread-safe.
 */
public class EtlReading {
    /** When the record was produced (the replay schedule's time), epoch microseconds. */
    public long producedAtMicros;
    /** When the source emitted the record into Flink, epoch microseconds. */
    public long emittedAtMicros;
    /** The record's message id. */
    public String msgId;
    /** The sensor that took the reading. */
    public String sensor;
    /** The reading's time, epoch milliseconds. */
    public long timeMs;
    /** The field (temperature, humidity, …). */
    public String field;
    /** The value; NaN when missing or out of range. */
    public double value;
    /** How many readings the record has, which the join waits for. */
    public int readings;

    /** For Flink's POJO serializer. */
    public EtlReading() {
    }

    /** The same reading with {@code newValue}. */
    EtlReading withValue(double newValue) {
        EtlReading copy = new EtlReading();
        copy.producedAtMicros = producedAtMicros;
        copy.emittedAtMicros = emittedAtMicros;
        copy.msgId = msgId;
        copy.sensor = sensor;
        copy.timeMs = timeMs;
        copy.field = field;
        copy.value = newValue;
        copy.readings = readings;
        return copy;
    }
}
