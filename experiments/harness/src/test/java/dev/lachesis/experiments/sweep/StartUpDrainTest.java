package dev.lachesis.experiments.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class StartUpDrainTest {
    @Test
    void aBacklogOfSecondsWorkedOffAtTwiceTheRateIsLeft() {
        // 13 s of input behind at 600 t/s, worked off at 1,600 t/s: the wait falls by ~1.6 s a second.
        assertThat(StartUpDrain.backlogLeft(13_000_000, 9_800_000, 2)).isTrue();
        assertThat(StartUpDrain.backlogLeft(400_000, 200_000, 2)).as("the last 200 ms of it").isTrue();
        assertThat(StartUpDrain.backlogLeft(958_000, 3_500, 2)).as("gone").isFalse();
    }

    @Test
    void aBacklogOfSecondsThatTheQueryOnlyKeepsUpWithIsLeft() {
        // Storm ETL at 600 t/s after its start-up: the e2e p50 stays near 3.6 s for seconds.
        assertThat(StartUpDrain.backlogLeft(3_611_000, 3_611_000, 2)).isTrue();
        assertThat(StartUpDrain.backlogLeft(3_600_000, 3_630_000, 2)).as("+15 ms/s: within noise").isTrue();
    }

    @Test
    void aQueryThatKeepsUpWithLatencyJitteringByMillisecondsHasNone() {
        assertThat(StartUpDrain.backlogLeft(12_000, 7_000, 2)).as("a 42% fall of 5 ms").isFalse();
        assertThat(StartUpDrain.backlogLeft(7_000, 12_000, 2)).isFalse();
    }

    @Test
    void aQueryBeyondSaturationWhoseLatencyGrowsHasNoneToWaitFor() {
        assertThat(StartUpDrain.backlogLeft(3_000_000, 3_400_000, 2)).as("+200 ms/s").isFalse();
    }

    @Test
    void aStretchWithoutTuplesAtTheSinkIsAStallThatBuildsABacklog() {
        // Storm ETL at 300 t/s under MOD-RT: 'flush-tuple-tim' got no CPU for 5.9 s, nothing reached
        // the sink, then the backlog drained inside the window (786 t/s measured at 300 t/s).
        assertThat(StartUpDrain.backlogLeft(2_400, Double.NaN, 2)).as("stalled").isTrue();
        assertThat(StartUpDrain.backlogLeft(Double.NaN, Double.NaN, 2)).as("still stalled").isTrue();
        assertThat(StartUpDrain.backlogLeft(Double.NaN, 3_336_000, 2)).as("just after the stall").isTrue();
        assertThat(StartUpDrain.backlogLeft(Double.NaN, 20_000, 2)).as("a stall that left nothing").isFalse();
    }
}
