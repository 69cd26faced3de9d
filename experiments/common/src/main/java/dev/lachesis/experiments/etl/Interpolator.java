package dev.lachesis.experiments.etl;

import java.util.HashMap;
import java.util.Map;

/**
 * Fills missing readings (NaN, as the range filter leaves out-of-range ones) per sensor and field on
 * the line through the last two valid readings at their times, extended to the missing reading's time
 * (no later reading is waited for, so strictly an extrapolation) and clamped into the field's valid
 * range; with one earlier reading it
 * repeats it, with none the reading stays missing. Not thread-safe: one per executor, fed by a
 * fields grouping on the sensor.
 */
public final class Interpolator {
    private record Point(long timeMs, double value) {
    }

    private final Map<String, Point[]> lastTwo = new HashMap<>();

    /** The value to use for a reading of {@code field} by {@code sensor} at {@code timeMs}. */
    public double fill(String sensor, String field, long timeMs, double value) {
        String key = sensor + '/' + field;
        Point[] history = lastTwo.computeIfAbsent(key, k -> new Point[2]);
        if (!Double.isNaN(value)) {
            history[0] = history[1];
            history[1] = new Point(timeMs, value);
            return value;
        }
        Point previous = history[0];
        Point last = history[1];
        if (last == null) {
            return Double.NaN;
        }
        if (previous == null || previous.timeMs() == last.timeMs()) {
            return last.value();
        }
        double slope = (last.value() - previous.value()) / (last.timeMs() - previous.timeMs());
        double estimate = last.value() + slope * (timeMs - last.timeMs());
        SensorFields.Field range = SensorFields.named(field);
        return range == null ? estimate : Math.min(range.max(), Math.max(range.min(), estimate));
    }
}
