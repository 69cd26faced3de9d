package dev.lachesis.experiments.storm.etl;

import dev.lachesis.experiments.storm.LatencySink;
import dev.lachesis.sources.storm.FileReplaySpout;
import java.util.ArrayList;
import java.util.List;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.Values;

/**
 * The tuple layout of the ETL query: every tuple after the spout starts with two timing fields, the
 * record's production time and the time the spout emitted it (both epoch microseconds, named as
 * {@link LatencySink} reads them), which each operator copies so the shared latency sink measures
 * the ETL query as every other; the operator's own fields follow. Stateless.
 */
final class EtlTuples {
    /** The timing fields, first in every tuple after the spout. */
    private static final List<String> TIMING = List.of(LatencySink.PRODUCED_AT_FIELD, LatencySink.EMITTED_AT_FIELD);

    /** Fields of one reading, after the timing fields. */
    static final Fields READING = with("msg-id", "sensor", "time-ms", "field", "value", "readings");
    /** Fields of a joined row (CSV) or a converted record (SenML), after the timing fields. */
    static final Fields ROW = with("msg-id", "row");

    private EtlTuples() {
    }

    static Fields with(String... own) {
        List<String> names = new ArrayList<>(TIMING);
        names.addAll(List.of(own));
        return new Fields(names);
    }

    /** The timing fields of a tuple of {@link FileReplaySpout}, in microseconds, followed by {@code own}. */
    static Values timedFromSpout(Tuple spoutTuple, Object... own) {
        Values values = new Values(spoutTuple.getLongByField(FileReplaySpout.PRODUCED_AT_FIELD) * 1000,
                spoutTuple.getLongByField(FileReplaySpout.EMITTED_AT_FIELD));
        values.addAll(List.of(own));
        return values;
    }

    /** The timing fields of {@code input} followed by {@code own}. */
    static Values timed(Tuple input, Object... own) {
        Values values = new Values();
        values.addAll(input.getValues().subList(0, TIMING.size()));
        values.addAll(List.of(own));
        return values;
    }

    /** Field {@code i} of the operator's own fields (after the timing fields). */
    static Object own(Tuple input, int i) {
        return input.getValue(TIMING.size() + i);
    }
}
