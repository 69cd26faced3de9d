package dev.lachesis.experiments.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SourceReportTest {
    @Test
    void theCountOfAnIntervalSurvivesItsLineAndTheNextIntervalStartsAtZero() {
        SourceStats stats = SourceStats.jvm();
        stats.took(5);
        stats.took(3);

        SourceReport read = SourceReport.parse(stats.takeReport(1_700_000_000_000L).toLine());

        assertThat(read).isEqualTo(new SourceReport(1_700_000_000_000L, 8));
        assertThat(stats.counting()).isTrue();
        assertThat(stats.takeReport(1_700_000_001_000L).records()).isZero();
    }

    @Test
    void otherLinesAreNotReports() {
        assertThatThrownBy(() -> SourceReport.parse("SINK 1 0/0/ 0/0/"))
                .hasMessage("'SINK 1 0/0/ 0/0/' is not 'SOURCE <epoch ms> <records>'");
        assertThatThrownBy(() -> SourceReport.parse("SOURCE 1 many"))
                .hasMessage("'SOURCE 1 many' is not 'SOURCE <epoch ms> <records>'");
        assertThatThrownBy(() -> SourceReport.parse("SOURCE 1 -2"))
                .hasMessage("a source cannot take in -2 records");
    }
}
