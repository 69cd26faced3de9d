package dev.lachesis.experiments.lr;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class StampedReportReaderTest {
    @Test
    void readsStampedReportsAndDropsOtherValues() {
        StampedReportReader reader = new StampedReportReader();
        PositionReport report = new PositionReport(30, 4, 55, 0, 1, 0, 12, 64_000);

        assertThat(reader.read("17;" + report.line())).contains(new StampedReport(17, report));
        assertThat(reader.read("not a report")).isEmpty();
        assertThat(reader.read("also not one")).isEmpty();
    }
}
