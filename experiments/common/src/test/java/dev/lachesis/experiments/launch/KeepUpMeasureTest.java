package dev.lachesis.experiments.launch;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class KeepUpMeasureTest {
    @Test
    void queriesWhoseSinkSeesAboutOneTuplePerRecordAreJudgedAtTheSink() {
        assertThat(KeepUpMeasure.of("etl")).isEqualTo(KeepUpMeasure.SINK);
        assertThat(KeepUpMeasure.of("pipeline")).isEqualTo(KeepUpMeasure.SINK);
        assertThat(KeepUpMeasure.of("chain")).isEqualTo(KeepUpMeasure.SINK);
    }

    @Test
    void aggregatingQueriesAndGeneratedShapesAreJudgedAtTheSource() {
        assertThat(KeepUpMeasure.of("stats")).isEqualTo(KeepUpMeasure.SOURCE);
        assertThat(KeepUpMeasure.of("lr")).isEqualTo(KeepUpMeasure.SOURCE);
        // random-208's last operator has selectivity 3: its sink saw 7,544 t/s while the source took 1,714 of 4,700.
        assertThat(KeepUpMeasure.of("random-208")).isEqualTo(KeepUpMeasure.SOURCE);
        assertThat(KeepUpMeasure.of("random")).isEqualTo(KeepUpMeasure.SOURCE);
        assertThat(KeepUpMeasure.of("randomish")).isEqualTo(KeepUpMeasure.SINK);
    }
}
