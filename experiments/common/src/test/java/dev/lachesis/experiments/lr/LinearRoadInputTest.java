package dev.lachesis.experiments.lr;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LinearRoadInputTest {
    private final LinearRoadInput input = LinearRoadInput.beforeFirstAccident();

    @Test
    void holdsTheStandardFleetsReportsOfTheTwoMinutesBeforeTheFirstAccident() {
        assertThat(input.size()).isEqualTo(PositionReportGenerator.STANDARD_VEHICLES
                / PositionReportGenerator.REPORT_EVERY_S * PositionReportGenerator.FIRST_ACCIDENT_S);
        assertThat(StampedReport.parse(input.value(0)).report().time()).isZero();
        assertThat(StampedReport.parse(input.value(input.size() - 1)).report().time())
                .isEqualTo(PositionReportGenerator.FIRST_ACCIDENT_S - 1);
    }

    @Test
    void everyVehiclesFirstReportEntersASegmentAndLaterOnesOnlyWhenTheyCrossOne() {
        // 6,000 first reports, then crossings: at 45-75 mph a vehicle drives 0.375-0.625 segments a report.
        assertThat(input.segmentEntries()).isGreaterThan(PositionReportGenerator.STANDARD_VEHICLES)
                .isLessThan(input.size());
    }
}
