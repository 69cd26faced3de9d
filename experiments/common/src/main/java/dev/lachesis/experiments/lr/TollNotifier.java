package dev.lachesis.experiments.lr;

import dev.lachesis.experiments.lr.AccidentDetector.AccidentEvent;
import dev.lachesis.experiments.lr.LatestAverageSpeed.SegmentLav;
import dev.lachesis.experiments.lr.SegmentVehicleCounter.SegmentCount;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Linear Road's toll notification: when a vehicle enters a segment, the toll it will pay there.
 * A segment is charged {@code 2 × (vehicles − 50)²} when its LAV is below {@value #CONGESTED_BELOW_MPH}
 * mph, more than {@value #FREE_VEHICLES} vehicles drove in it the minute before, and no accident lies
 * ahead within {@link SegmentId#ACCIDENT_REACH} segments; otherwise nothing. The statistics arrive on
 * other streams than the reports and may lag them: a LAV is used during its minute and the next, a
 * count during the minute after its own and the next; older or missing ones charge nothing. Not
 * thread-safe: one per operator instance, fed all four streams.
 */
public final class TollNotifier {
    /** A LAV below this, in mph, makes a segment congested. */
    public static final double CONGESTED_BELOW_MPH = 40;
    /** A segment with this many vehicles or fewer in the minute before is free. */
    public static final int FREE_VEHICLES = 50;

    /**
     * The toll {@code vid} is charged for entering {@code segment} at {@code time}, with the figures
     * it was computed from ({@code lav} NaN when none held). Immutable.
     */
    public record TollNotification(int vid, int time, SegmentId segment, double lav, int vehicles, int toll) {
    }

    private final Map<SegmentId, SegmentLav> lavs = new HashMap<>();
    private final Map<SegmentId, SegmentCount> counts = new HashMap<>();
    private final ActiveAccidents accidents = new ActiveAccidents();
    private final SegmentCrossings crossings = new SegmentCrossings();

    /** Takes a segment's LAV. */
    public void lav(SegmentLav lav) {
        lavs.put(lav.segment(), lav);
    }

    /** Takes a segment's vehicle count. */
    public void count(SegmentCount count) {
        counts.put(count.segment(), count);
    }

    /** Takes an accident's start or clearance. */
    public void accident(AccidentEvent event) {
        accidents.update(event);
    }

    /** Takes a report: the toll notification when it enters a segment, else nothing. */
    public Optional<TollNotification> position(PositionReport report) {
        if (!crossings.entersSegment(report)) {
            return Optional.empty();
        }
        SegmentId segment = report.segment();
        int minute = report.minute();
        SegmentLav lav = lavs.get(segment);
        double speed = lav != null && lav.minute() >= minute - 1 ? lav.lav() : Double.NaN;
        SegmentCount count = counts.get(segment);
        int vehicles = count != null && count.minute() >= minute - 2 ? count.vehicles() : 0;
        boolean charged = speed < CONGESTED_BELOW_MPH && vehicles > FREE_VEHICLES && accidents.ahead(segment).isEmpty();
        int toll = charged ? 2 * (vehicles - FREE_VEHICLES) * (vehicles - FREE_VEHICLES) : 0;
        return Optional.of(new TollNotification(report.vid(), report.time(), segment, speed, vehicles, toll));
    }
}
