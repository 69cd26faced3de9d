package dev.lachesis.server.store;

import dev.lachesis.core.spi.DataPoint;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The recent points of one series in 1-second buckets, like a Graphite schema of {@code 1s:<retention>}:
 * a fixed ring of slots, so memory per series never grows. A later point for the same second
 * replaces the earlier one, as in whisper. Thread-safe.
 */
final class SeriesRing {
    private final String name;
    private final long[] seconds;
    private final double[] values;
    private long lastReceivedSecond;

    SeriesRing(String name, int slots) {
        this.name = name;
        this.seconds = new long[slots];
        this.values = new double[slots];
        Arrays.fill(seconds, Long.MIN_VALUE);
    }

    String name() {
        return name;
    }

    /** Stores {@code value} in the bucket of {@code epochSeconds}; {@code receivedSecond} is the clock's now. */
    synchronized void put(long epochSeconds, double value, long receivedSecond) {
        int slot = (int) Math.floorMod(epochSeconds, (long) seconds.length);
        seconds[slot] = epochSeconds;
        values[slot] = value;
        lastReceivedSecond = Math.max(lastReceivedSecond, receivedSecond);
    }

    /** One point per second from {@code firstSecond} to {@code lastSecond}, both included; missing where empty. */
    synchronized List<DataPoint> points(long firstSecond, long lastSecond) {
        List<DataPoint> points = new ArrayList<>((int) Math.max(0, lastSecond - firstSecond + 1));
        for (long t = firstSecond; t <= lastSecond; t++) {
            int slot = (int) Math.floorMod(t, (long) seconds.length);
            points.add(seconds[slot] == t ? new DataPoint(t, values[slot]) : DataPoint.missing(t));
        }
        return points;
    }

    /** The clock second at which the last point arrived. */
    synchronized long lastReceivedSecond() {
        return lastReceivedSecond;
    }
}
