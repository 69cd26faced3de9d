package dev.lachesis.experiments.lr;

import dev.lachesis.experiments.lr.VehicleSpeedAverager.VehicleSpeed;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Linear Road's latest average velocity (LAV) of a segment: the mean, over the {@value #MINUTES}
 * minutes before the current one, of each minute's segment speed (the mean of the vehicles' averages
 * in it); minutes in which no vehicle drove there do not count. Fed {@link VehicleSpeedAverager}'s
 * output; on each end-of-minute marker it emits the LAV that holds for the next minute, for every
 * segment with a speed in the last {@value #MINUTES} minutes, in the order the segments were first
 * seen. Not thread-safe: one per operator instance.
 */
public final class LatestAverageSpeed {
    /** How many minutes the LAV spans (the benchmark's five). */
    public static final int MINUTES = 5;

    /**
     * The LAV of {@code segment} that holds during {@code minute}: the mean speed over the minutes
     * {@code minute - 5} to {@code minute - 1}. Immutable.
     */
    public record SegmentLav(SegmentId segment, int minute, double lav) {
    }

    private record MinuteSpeed(int minute, double speed) {
    }

    private final Map<SegmentId, double[]> current = new LinkedHashMap<>();
    private final Map<SegmentId, Deque<MinuteSpeed>> history = new LinkedHashMap<>();

    /** Takes one vehicle's average, or a marker: returns the LAVs for the minute after the marker's, else nothing. */
    public List<SegmentLav> add(VehicleSpeed speed) {
        if (speed.isEndOfMinute()) {
            return closeMinute(speed.minute());
        }
        double[] sum = current.computeIfAbsent(speed.segment(), segment -> new double[2]);
        sum[0] += speed.averageSpeed();
        sum[1]++;
        return List.of();
    }

    private List<SegmentLav> closeMinute(int minute) {
        current.forEach((segment, sum) -> history.computeIfAbsent(segment, s -> new ArrayDeque<>())
                .addLast(new MinuteSpeed(minute, sum[0] / sum[1])));
        current.clear();
        List<SegmentLav> lavs = new ArrayList<>();
        history.values().removeIf(speeds -> {
            speeds.removeIf(s -> s.minute() <= minute - MINUTES);
            return speeds.isEmpty();
        });
        history.forEach((segment, speeds) -> lavs.add(new SegmentLav(segment, minute + 1,
                speeds.stream().mapToDouble(MinuteSpeed::speed).average().orElseThrow())));
        return lavs;
    }
}
