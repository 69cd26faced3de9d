package dev.lachesis.experiments.lr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class StampedReportTest {
    private static final PositionReport REPORT = new PositionReport(65, 7, 32, 0, 2, 1, 31, 164_000);

    @Test
    void aValueReadsBackAsTheStampAndTheReport() {
        StampedReport stamped = new StampedReport(1_780_000_000_123_456L, REPORT);

        assertThat(stamped.value()).isEqualTo("1780000000123456;0,65,7,32,0,2,1,31,164000");
        assertThat(StampedReport.parse(stamped.value())).isEqualTo(stamped);
    }

    @Test
    void aValueWithoutStampIsRefusedSayingWhatIsExpected() {
        assertThatThrownBy(() -> StampedReport.parse("0,65,7,32,0,2,1,31,164000"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("lacks the production stamp");
    }

    @Test
    void aStampThatIsNotANumberIsNamed() {
        assertThatThrownBy(() -> StampedReport.parse("soon;0,65,7,32,0,2,1,31,164000"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'soon' is not a whole number");
    }
}
