package dev.lachesis.experiments.storm.etl;

import dev.lachesis.experiments.storm.RateLimitedSpout;
import java.util.ArrayList;
import java.util.List;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.Values;

/**
 * The tuple layout of the ETL query: every tuple starts with the spout's timing fields
 * ({@link RateLimitedSpout#FIELDS}), which each operator copies, so the shared latency sink reads
 * them where it reads them in every query; the operator's own fields follow. Stateless.
 */
final class EtlTuples {
    /** Fields of one reading, after the timing fields. */
    static final Fields READING = with("msg-id", "sensor", "time-ms", "field", "value", "readings");
    /** Fields of a joined row (CSV) or a converted record (SenML), after the timing fields. */
    static final Fields ROW = with("msg-id", "row");

    private static final int TIMING = RateLimitedSpout.FIELDS.size();

    private EtlTuples() {
    }

    static Fields with(String... own) {
        List<String> names = new ArrayList<>(RateLimitedSpout.FIELDS.toList());
        names.addAll(List.of(own));
        return new Fields(names);
    }

    /** The timing fields of {@code input} followed by {@code own}. */
    static Values timed(Tuple input, Object... own) {
        Values values = new Values();
        values.addAll(input.getValues().subList(0, TIMING));
        values.addAll(List.of(own));
        return values;
    }

    /** Field {@code i} of the operator's own fields (after the timing fields). */
    static Object own(Tuple input, int i) {
        return input.getValue(TIMING + i);
    }
}
