package dev.lachesis.experiments.lr;

import java.util.HashMap;
import java.util.Map;

/**
 * Tells when a vehicle enters a segment, the moment Linear Road charges it the segment's toll and
 * warns it of accidents ahead: its report is from another segment than its previous one (or is its
 * first) and not from the exit ramp. Not thread-safe.
 */
public final class SegmentCrossings {
    private final Map<Integer, SegmentId> lastSegment = new HashMap<>();

    /** Whether {@code report} shows its vehicle entering a segment it pays for. */
    public boolean entersSegment(PositionReport report) {
        SegmentId previous = lastSegment.put(report.vid(), report.segment());
        return !report.segment().equals(previous) && report.lane() != PositionReport.EXIT_LANE;
    }
}
