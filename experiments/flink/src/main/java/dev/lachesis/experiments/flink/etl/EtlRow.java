package dev.lachesis.experiments.flink.etl;

/**
 * A joined record of the ETL job, as a CSV row or, after conversion, a SenML pack (or a chart of
 * the STATS job, under its series as message id, or a notification of Linear Road, under its kind), with the record's timing (production and ingestion time, epoch microseconds) for the sink. A Flink POJO;
 * mutable, not thread-safe.
 */
public class EtlRow {
    /** When the record was produced (the replay schedule's time), epoch microseconds. */
    public long producedAtMicros;
    /** When the source emitted the record into Flink, epoch microseconds. */
    public long emittedAtMicros;
    /** The record's message id. */
    public String msgId;
    /** The CSV row or the SenML pack. */
    public String row;

    /** For Flink's POJO serializer. */
    public EtlRow() {
    }

    /** A row of {@code msgId} with the timing of {@code timing}. */
    EtlRow(EtlReading timing, String msgId, String row) {
        this.producedAtMicros = timing.producedAtMicros;
        this.emittedAtMicros = timing.emittedAtMicros;
        this.msgId = msgId;
        this.row = row;
    }

    /** A row with the given timing (epoch microseconds), for the jobs that make rows of their own. */
    public static EtlRow of(long producedAtMicros, long emittedAtMicros, String msgId, String row) {
        EtlRow made = new EtlRow();
        made.producedAtMicros = producedAtMicros;
        made.emittedAtMicros = emittedAtMicros;
        made.msgId = msgId;
        made.row = row;
        return made;
    }

    /** The same record with another {@code newRow}. */
    EtlRow withRow(String newRow) {
        EtlRow copy = new EtlRow();
        copy.producedAtMicros = producedAtMicros;
        copy.emittedAtMicros = emittedAtMicros;
        copy.msgId = msgId;
        copy.row = newRow;
        return copy;
    }
}
