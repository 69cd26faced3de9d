package dev.lachesis.experiments.storm.lr;

import dev.lachesis.experiments.storm.TimedTuples;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;

/**
 * Linear Road's own fields, after the {@link TimedTuples} timing fields: every tuple between its
 * operators carries the expressway (the grouping key) and one event of the query's logic (a position
 * report, an average speed, a LAV, a vehicle count or an accident event), passed as the object
 * itself (the topology runs in one worker, where Storm does not serialize). Stateless.
 */
final class LrTuples {
    /** An event of the logic about an expressway. */
    static final Fields EVENT = TimedTuples.with("xway", "event");
    /** A notification at the end of the query: its kind ({@code toll}, {@code accident}) and its text. */
    static final Fields NOTIFICATION = TimedTuples.with("kind", "notification");
    /** The field the operators after the dispatcher are grouped by. */
    static final Fields BY_EXPRESSWAY = new Fields("xway");

    private LrTuples() {
    }

    /** The expressway a tuple of {@link #EVENT} is about. */
    static int xway(Tuple tuple) {
        return tuple.getIntegerByField("xway");
    }

    /** The event a tuple of {@link #EVENT} carries. */
    static Object event(Tuple tuple) {
        return tuple.getValueByField("event");
    }
}
