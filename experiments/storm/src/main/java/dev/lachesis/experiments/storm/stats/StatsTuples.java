package dev.lachesis.experiments.storm.stats;

import dev.lachesis.experiments.storm.TimedTuples;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;

/**
 * The STATS query's own fields, after the {@link TimedTuples} timing fields, and how its operators
 * read the parse operator's readings (by name). Stateless.
 */
final class StatsTuples {
    /** A point of a series: the series ({@code statistic/sensor/field}), the reading's time, the value. */
    static final Fields POINT = TimedTuples.with("series", "time-ms", "value");
    /** A batch of a series' points, as two arrays of equal length. */
    static final Fields BATCH = TimedTuples.with("series", "times-ms", "values");
    /** A drawn batch: the series and its chart. */
    static final Fields CHART = TimedTuples.with("series", "chart");

    private StatsTuples() {
    }

    /** The series a reading of the parse operator belongs to: {@code sensor/field}. */
    static String readingSeries(Tuple reading) {
        return reading.getStringByField("sensor") + '/' + reading.getStringByField("field");
    }

    /** The reading's value; NaN when its entry had no number. */
    static double readingValue(Tuple reading) {
        return reading.getDoubleByField("value");
    }

    /** The reading's time, epoch milliseconds. */
    static long readingTime(Tuple reading) {
        return reading.getLongByField("time-ms");
    }
}
