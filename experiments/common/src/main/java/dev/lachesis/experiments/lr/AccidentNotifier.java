package dev.lachesis.experiments.lr;

import dev.lachesis.experiments.lr.AccidentDetector.AccidentEvent;
import java.util.Optional;

/**
 * Linear Road's accident notification: a vehicle entering a segment with an accident ahead within
 * {@link SegmentId#ACCIDENT_REACH} segments is told where, so it can leave the expressway. Not
 * thread-safe: one per operator instance, fed the reports and the accident events.
 */
public final class AccidentNotifier {
    /** {@code vid}, entering a segment at {@code time}, is warned of the accident in {@code accident}. Immutable. */
    public record AccidentAlert(int vid, int time, SegmentId accident) {
    }

    private final ActiveAccidents accidents = new ActiveAccidents();
    private final SegmentCrossings crossings = new SegmentCrossings();

    /** Takes an accident's start or clearance. */
    public void accident(AccidentEvent event) {
        accidents.update(event);
    }

    /** Takes a report: the alert when it enters a segment with an accident ahead, else nothing. */
    public Optional<AccidentAlert> position(PositionReport report) {
        if (!crossings.entersSegment(report)) {
            return Optional.empty();
        }
        return accidents.ahead(report.segment()).map(accident -> new AccidentAlert(report.vid(), report.time(), accident));
    }
}
