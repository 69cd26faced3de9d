package dev.lachesis.experiments.lr;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Linear Road's accident detection: a vehicle that reports {@value #STOPPED_REPORTS} times in a row
 * from the same place (expressway, direction, lane and position) is stopped, and two or more stopped
 * vehicles at one place are an accident, cleared when all but one of them have moved on. Emits an
 * event when an accident starts and when it is cleared. Not thread-safe: one per operator instance,
 * fed every report of the expressways it serves.
 */
public final class AccidentDetector {
    /** Reports from one place that make a vehicle stopped (the benchmark's four). */
    public static final int STOPPED_REPORTS = 4;

    /**
     * An accident at {@code pos} in {@code segment} started ({@code active}) or was cleared during
     * {@code minute}. Immutable.
     */
    public record AccidentEvent(SegmentId segment, int pos, int minute, boolean active) {
    }

    private record Place(int xway, int dir, int lane, int pos) {
        SegmentId segment() {
            return new SegmentId(xway, dir, pos / PositionReport.SEGMENT_FEET);
        }
    }

    /** Where a vehicle last reported from and how many times in a row. */
    private static final class Vehicle {
        private Place place;
        private int reports;
    }

    private final Map<Integer, Vehicle> vehicles = new HashMap<>();
    private final Map<Place, Set<Integer>> stopped = new HashMap<>();

    /** Takes one report; returns the accident it starts or clears, if any. */
    public Optional<AccidentEvent> add(PositionReport report) {
        Place here = new Place(report.xway(), report.dir(), report.lane(), report.pos());
        Vehicle vehicle = vehicles.computeIfAbsent(report.vid(), vid -> new Vehicle());
        if (!here.equals(vehicle.place)) {
            Optional<AccidentEvent> cleared = moveOn(report, vehicle);
            vehicle.place = here;
            vehicle.reports = 1;
            return cleared;
        }
        vehicle.reports++;
        if (vehicle.reports != STOPPED_REPORTS) {
            return Optional.empty();
        }
        Set<Integer> there = stopped.computeIfAbsent(here, place -> new HashSet<>());
        there.add(report.vid());
        return there.size() == 2 ? Optional.of(new AccidentEvent(report.segment(), report.pos(), report.minute(), true))
                : Optional.empty();
    }

    /** The vehicle left its place: the accident there is cleared if it leaves a single stopped vehicle behind. */
    private Optional<AccidentEvent> moveOn(PositionReport report, Vehicle vehicle) {
        if (vehicle.place == null || vehicle.reports < STOPPED_REPORTS) {
            return Optional.empty();
        }
        Set<Integer> there = stopped.get(vehicle.place);
        there.remove(report.vid());
        if (there.isEmpty()) {
            stopped.remove(vehicle.place);
        }
        return there.size() == 1 ? Optional.of(new AccidentEvent(vehicle.place.segment(), vehicle.place.pos(),
                report.minute(), false)) : Optional.empty();
    }
}
