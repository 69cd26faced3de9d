package dev.lachesis.experiments.stats;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.experiments.stats.SeriesAccumulator.Point;
import java.util.List;
import org.junit.jupiter.api.Test;

class LinePlotTest {
    @Test
    void drawsTheBatchScaledToItsOwnTimeAndValueRanges() {
        String svg = LinePlot.svg("average/s1/light<lx>", List.of(new Point(1_000, 10), new Point(2_000, 30),
                new Point(5_000, 20)));

        assertThat(svg).isEqualTo("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"400\" height=\"200\">"
                + "<title>average/s1/light&lt;lx&gt;</title>"
                + "<polyline points=\"0.0,200.0 100.0,0.0 400.0,100.0\" fill=\"none\" stroke=\"black\"/></svg>");
    }

    @Test
    void drawsAFlatBatchAtMidHeight() {
        assertThat(LinePlot.svg("s", List.of(new Point(0, 4), new Point(10, 4))))
                .contains("points=\"0.0,100.0 400.0,100.0\"");
    }
}
