package dev.lachesis.experiments.lr;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Linear Road's second statistic: how many distinct vehicles reported from each segment during a
 * minute (the toll of the next minute grows with it). Reports arrive in time order; when the first
 * report of a new minute arrives, the closed minute's counts go out in the order the segments were
 * first seen in it. Not thread-safe: one per operator instance.
 */
public final class SegmentVehicleCounter {
    /** How many vehicles were in {@code segment} during {@code minute}. Immutable. */
    public record SegmentCount(SegmentId segment, int minute, int vehicles) {
    }

    private final Map<SegmentId, Set<Integer>> vehicles = new LinkedHashMap<>();
    private int minute;

    /** Counts {@code report}'s vehicle; returns the closed minute's counts when it opens a new minute, else nothing. */
    public List<SegmentCount> add(PositionReport report) {
        List<SegmentCount> closed = List.of();
        if (report.minute() > minute) {
            closed = new ArrayList<>(vehicles.size());
            for (Map.Entry<SegmentId, Set<Integer>> segment : vehicles.entrySet()) {
                closed.add(new SegmentCount(segment.getKey(), minute, segment.getValue().size()));
            }
            vehicles.clear();
            minute = report.minute();
        }
        vehicles.computeIfAbsent(report.segment(), segment -> new HashSet<>()).add(report.vid());
        return closed;
    }
}
