package dev.lachesis.experiments.lr;

import dev.lachesis.experiments.measure.EpochMicros;
import java.util.ArrayList;
import java.util.List;

/**
 * A fixed run of position reports with the output Linear Road must make of it, for the queries'
 * integration tests on each SPE: the standard fleet's reports up to just before the generator's
 * first accident, so the only notifications are the tolls, one per segment a vehicle enters.
 * Immutable.
 */
public final class LinearRoadInput {
    private final List<PositionReport> reports;
    private final long segmentEntries;

    private LinearRoadInput(List<PositionReport> reports) {
        this.reports = List.copyOf(reports);
        SegmentCrossings crossings = new SegmentCrossings();
        this.segmentEntries = reports.stream().filter(crossings::entersSegment).count();
    }

    /** The standard fleet's reports of the simulated seconds before the first accident is staged. */
    public static LinearRoadInput beforeFirstAccident() {
        PositionReportGenerator generator = new PositionReportGenerator(PositionReportGenerator.STANDARD_SEED,
                PositionReportGenerator.STANDARD_VEHICLES);
        List<PositionReport> reports = new ArrayList<>();
        for (PositionReport next = generator.next(); next.time() < PositionReportGenerator.FIRST_ACCIDENT_S;
             next = generator.next()) {
            reports.add(next);
        }
        return new LinearRoadInput(reports);
    }

    /** How many reports there are. */
    public int size() {
        return reports.size();
    }

    /** Report {@code i} as a topic's value, stamped with the time of this call. */
    public String value(int i) {
        return new StampedReport(EpochMicros.now(), reports.get(i)).value();
    }

    /** The toll notifications the reports must make: one per segment a vehicle enters. */
    public long segmentEntries() {
        return segmentEntries;
    }
}
