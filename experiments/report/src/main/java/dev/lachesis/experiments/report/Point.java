package dev.lachesis.experiments.report;

import dev.lachesis.experiments.mode.SchedulingMode;
import java.util.Comparator;

/**
 * One point of a sweep: a setup run at one input rate under one scheduling mode. Repetitions of a
 * point are averaged into one summary row. Immutable.
 *
 * @param setup the SPE, query and wait strategy
 * @param rate  the input rate in tuples per second
 * @param mode  who scheduled the threads
 */
public record Point(Setup setup, double rate, SchedulingMode mode) implements Comparable<Point> {
    private static final Comparator<Point> ORDER = Comparator.comparing(Point::setup)
            .thenComparingDouble(Point::rate)
            .thenComparing(Point::mode);

    @Override
    public int compareTo(Point other) {
        return ORDER.compare(this, other);
    }
}
