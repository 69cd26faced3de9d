package dev.lachesis.experiments.lr;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Linear Road's first statistic: every vehicle's average speed in each segment it drove in during a
 * minute. Reports arrive in time order (one source, one partition); when the first report of a new
 * minute arrives, the closed minute's averages go out, in the order the vehicles first reported in
 * it, followed by an {@link VehicleSpeed#endOf end-of-minute marker} so that the next operator knows
 * the minute is complete. A late report (of a minute already closed) counts in the current minute.
 * Not thread-safe: one per operator instance, fed every report of the expressways it serves.
 */
public final class VehicleSpeedAverager {
    /**
     * A vehicle's average speed in a segment during a minute, or (vid {@value #END_OF_MINUTE}) the
     * marker that a minute's averages are all out. Immutable.
     *
     * @param segment null in the marker
     */
    public record VehicleSpeed(int vid, int minute, SegmentId segment, double averageSpeed) {
        /** The vid of the end-of-minute marker. */
        public static final int END_OF_MINUTE = -1;

        /** The marker that every average of {@code minute} went out before it. */
        public static VehicleSpeed endOf(int minute) {
            return new VehicleSpeed(END_OF_MINUTE, minute, null, Double.NaN);
        }

        /** Whether this is the end-of-minute marker rather than an average. */
        public boolean isEndOfMinute() {
            return vid == END_OF_MINUTE;
        }
    }

    private record Key(int vid, SegmentId segment) {
    }

    private final Map<Key, double[]> sums = new LinkedHashMap<>();
    private int minute;

    /** Counts {@code report}; returns the closed minute's averages and its marker when it opens a new minute, else nothing. */
    public List<VehicleSpeed> add(PositionReport report) {
        List<VehicleSpeed> closed = List.of();
        if (report.minute() > minute) {
            closed = minute == 0 ? List.of() : closeMinute();
            minute = report.minute();
        }
        double[] sum = sums.computeIfAbsent(new Key(report.vid(), report.segment()), key -> new double[2]);
        sum[0] += report.speed();
        sum[1]++;
        return closed;
    }

    private List<VehicleSpeed> closeMinute() {
        List<VehicleSpeed> averages = new ArrayList<>(sums.size() + 1);
        sums.forEach((key, sum) -> averages.add(new VehicleSpeed(key.vid(), minute, key.segment(), sum[0] / sum[1])));
        averages.add(VehicleSpeed.endOf(minute));
        sums.clear();
        return averages;
    }
}
