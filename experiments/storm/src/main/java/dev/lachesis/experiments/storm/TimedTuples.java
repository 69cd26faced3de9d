package dev.lachesis.experiments.storm;

import dev.lachesis.sources.storm.FileReplaySpout;
import java.util.ArrayList;
import java.util.List;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.Values;

/**
 * The tuple layout of the queries that replay records through {@link FileReplaySpout} (ETL, STATS):
 * every tuple after the spout starts with two timing fields, the record's production time and the
 * time the spout emitted it (both epoch microseconds, named as {@link LatencySink} reads them), which
 * each operator copies so the shared latency sink measures every query alike; the operator's own
 * fields follow. Stateless.
 */
public final class TimedTuples {
    /** The timing fields, first in every tuple after the spout. */
    private static final List<String> TIMING = List.of(LatencySink.PRODUCED_AT_FIELD, LatencySink.EMITTED_AT_FIELD);

    private TimedTuples() {
    }

    /** The timing fields followed by {@code own}. */
    public static Fields with(String... own) {
        List<String> names = new ArrayList<>(TIMING);
        names.addAll(List.of(own));
        return new Fields(names);
    }

    /** The timing fields of a tuple of {@link FileReplaySpout}, in microseconds, followed by {@code own}. */
    public static Values timedFromSpout(Tuple spoutTuple, Object... own) {
        Values values = new Values(spoutTuple.getLongByField(FileReplaySpout.PRODUCED_AT_FIELD) * 1000,
                spoutTuple.getLongByField(FileReplaySpout.EMITTED_AT_FIELD));
        values.addAll(List.of(own));
        return values;
    }

    /** The timing fields of {@code input} followed by {@code own}. */
    public static Values timed(Tuple input, Object... own) {
        Values values = new Values();
        values.addAll(input.getValues().subList(0, TIMING.size()));
        values.addAll(List.of(own));
        return values;
    }

    /** Field {@code i} of the operator's own fields (after the timing fields). */
    public static Object own(Tuple input, int i) {
        return input.getValue(TIMING.size() + i);
    }
}
