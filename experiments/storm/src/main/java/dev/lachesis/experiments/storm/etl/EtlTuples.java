package dev.lachesis.experiments.storm.etl;

import dev.lachesis.experiments.storm.TimedTuples;
import org.apache.storm.tuple.Fields;

/** The ETL query's own fields, after the {@link TimedTuples} timing fields. Stateless. */
final class EtlTuples {
    /** Fields of one reading. */
    static final Fields READING = TimedTuples.with("msg-id", "sensor", "time-ms", "field", "value", "readings");
    /** Fields of a joined row (CSV) or a converted record (SenML). */
    static final Fields ROW = TimedTuples.with("msg-id", "row");

    private EtlTuples() {
    }
}
