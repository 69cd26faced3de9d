package dev.lachesis.experiments.storm1;

import java.util.ArrayList;
import java.util.List;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.Values;

/**
 * The tuples between the operators of the ETL and STATS queries on Storm 1.x: every tuple after the
 * spout starts with two timing fields, the record's production time and the time the spout emitted
 * it (epoch microseconds), which each operator copies so the sink measures end-to-end latency and
 * the latency inside Storm; the operator's own fields follow. Stateless.
 */
final class StageTuples {
    private static final int TIMING_FIELDS = 2;

    private StageTuples() {
    }

    /** The timing fields followed by {@code own}. */
    static Fields with(String... own) {
        List<String> names = new ArrayList<>(List.of("produced-at-us", "emitted-at-us"));
        names.addAll(List.of(own));
        return new Fields(names);
    }

    /** The timing fields of {@code in} followed by {@code own}. */
    static Values timed(Tuple in, Object... own) {
        Values values = new Values();
        values.addAll(in.getValues().subList(0, TIMING_FIELDS));
        values.addAll(List.of(own));
        return values;
    }

    /** Field {@code i} of the operator's own fields (after the timing fields). */
    static Object own(Tuple in, int i) {
        return in.getValue(TIMING_FIELDS + i);
    }
}
