package dev.lachesis.experiments.lr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class PositionReportTest {
    @Test
    void readsAndWritesTheBenchmarksLineIgnoringTheRequestFields() {
        PositionReport report = PositionReport.parse("0,65,7,32,0,2,1,41,218880,-1,-1,-1,-1,-1,-1");

        assertThat(report).isEqualTo(new PositionReport(65, 7, 32, 0, 2, 1, 41, 218_880));
        assertThat(report.minute()).isEqualTo(2);
        assertThat(report.segment()).isEqualTo(new SegmentId(0, 1, 41));
        assertThat(report.line()).isEqualTo("0,65,7,32,0,2,1,41,218880");
        assertThat(PositionReport.isPositionReport(report.line())).isTrue();
        assertThat(PositionReport.isPositionReport("2,65,7,32,0,2,1,41,218880")).isFalse();
    }

    @Test
    void aBadLineNamesTheFieldOrTheType() {
        assertThatThrownBy(() -> PositionReport.parse("0,65,x,32,0,2,1,41,218880"))
                .hasMessage("'0,65,x,32,0,2,1,41,218880': field vid was 'x' but must be a whole number");
        assertThatThrownBy(() -> PositionReport.parse("3,65,7,32,0,2,1,41,218880"))
                .hasMessage("'3,65,7,32,0,2,1,41,218880' is of type 3, not a position report (0)");
        assertThatThrownBy(() -> PositionReport.parse("0,65,7"))
                .hasMessage("'0,65,7' has 3 fields but a position report has 9 (type,time,vid,speed,xway,lane,dir,seg,pos)");
    }

    @Test
    void anAccidentConcernsTheFourSegmentsBeforeItInTheDirectionOfTravel() {
        SegmentId eastbound = new SegmentId(0, 0, 10);
        SegmentId westbound = new SegmentId(0, 1, 10);

        assertThat(eastbound.hasAhead(new SegmentId(0, 0, 10))).isTrue();
        assertThat(eastbound.hasAhead(new SegmentId(0, 0, 14))).isTrue();
        assertThat(eastbound.hasAhead(new SegmentId(0, 0, 15))).isFalse();
        assertThat(eastbound.hasAhead(new SegmentId(0, 0, 9))).isFalse();
        assertThat(westbound.hasAhead(new SegmentId(0, 1, 6))).isTrue();
        assertThat(westbound.hasAhead(new SegmentId(0, 1, 11))).isFalse();
        assertThat(eastbound.hasAhead(new SegmentId(0, 1, 12))).isFalse();
        assertThat(eastbound.hasAhead(new SegmentId(1, 0, 12))).isFalse();
    }
}
