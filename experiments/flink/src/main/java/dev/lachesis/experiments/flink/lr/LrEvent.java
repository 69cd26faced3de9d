package dev.lachesis.experiments.flink.lr;

import dev.lachesis.experiments.lr.AccidentDetector.AccidentEvent;
import dev.lachesis.experiments.lr.LatestAverageSpeed.SegmentLav;
import dev.lachesis.experiments.lr.PositionReport;
import dev.lachesis.experiments.lr.SegmentVehicleCounter.SegmentCount;
import dev.lachesis.experiments.lr.VehicleSpeedAverager.VehicleSpeed;

/**
 * What flows between the Linear Road job's operators: exactly one of a position report, a vehicle's
 * average speed, a segment's LAV, a segment's vehicle count or an accident event, with the expressway
 * it concerns (the key) and the timing of the report that caused it (epoch microseconds). One type
 * for all, so the toll and accident notifications can take several streams as one union. A Flink
 * POJO; mutable, not thread-safe.
 */
public class LrEvent {
    /** When the report behind this event was produced into Kafka, epoch microseconds. */
    public long producedAtMicros;
    /** When the dispatcher took that report from the source, epoch microseconds. */
    public long emittedAtMicros;
    /** The expressway, by which every operator after the dispatcher is keyed. */
    public int xway;
    /** A position report, or null. */
    public PositionReport report;
    /** A vehicle's average speed or an end-of-minute marker, or null. */
    public VehicleSpeed speed;
    /** A segment's latest average velocity, or null. */
    public SegmentLav lav;
    /** A segment's vehicle count, or null. */
    public SegmentCount count;
    /** An accident's start or clearance, or null. */
    public AccidentEvent accident;

    /** For Flink's POJO serializer. */
    public LrEvent() {
    }

    /** An event with the key and timing of {@code cause} and no payload yet. */
    static LrEvent after(LrEvent cause) {
        LrEvent event = new LrEvent();
        event.producedAtMicros = cause.producedAtMicros;
        event.emittedAtMicros = cause.emittedAtMicros;
        event.xway = cause.xway;
        return event;
    }

    /** The expressway: the key of every operator after the dispatcher. */
    int xway() {
        return xway;
    }
}
