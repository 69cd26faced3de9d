package dev.lachesis.translators.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.core.model.ThreadRef;
import org.junit.jupiter.api.Test;

class StallDetectorTest {
    private static final long MS = 1_000_000;
    private final StallDetector detector = new StallDetector(500 * MS);
    private final ThreadRef t = new ThreadRef(1, 2);

    @Test
    void aRunnableThreadWhoseRunTimeStandsStillIsStarvingAfterTheStallTime() {
        assertThat(detector.observe(t, 'R', 100, 0)).isEmpty();
        detector.endRound();
        assertThat(detector.observe(t, 'R', 100, 300 * MS)).isEmpty();
        detector.endRound();
        assertThat(detector.observe(t, 'R', 100, 600 * MS)).contains(600 * MS);
    }

    @Test
    void runningOrSleepingRestartsTheCount() {
        detector.observe(t, 'R', 100, 0);
        detector.endRound();
        detector.observe(t, 'R', 101, 300 * MS);
        detector.endRound();
        assertThat(detector.observe(t, 'R', 101, 600 * MS)).isEmpty();
        detector.endRound();
        detector.observe(t, 'S', 101, 700 * MS);
        detector.endRound();
        assertThat(detector.observe(t, 'R', 101, 900 * MS)).isEmpty();
        detector.endRound();
        assertThat(detector.observe(t, 'R', 101, 1400 * MS)).contains(500 * MS);
    }
}
