package dev.lachesis.policies;

import static dev.lachesis.core.metric.MetricNames.ARRIVAL_RATE;
import static dev.lachesis.core.metric.MetricNames.COST;
import static dev.lachesis.core.metric.MetricNames.QUEUE_SIZE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.lachesis.core.spi.PolicyInput;
import java.util.List;
import org.junit.jupiter.api.Test;

class LatencyEstimateTest {
    private final HighestRatePolicy hr = new HighestRatePolicy("hr");

    @Test
    void chainSumsQueueingDelayAndCostAlongThePath() {
        // S: empty queue → cost 0.1; A: 40 / 1000 s = 40 ms + 1; B: 10 / 500 s = 20 ms + 0.5;
        // K: 30 / 1000 s = 30 ms + 0.25. Total 0.1 + 41 + 20.5 + 30.25 = 91.85 ms.
        assertThat(LatencyEstimate.meanMillis(WorkedExamples.chain().input(hr)).getAsDouble())
                .isCloseTo(91.85, within(1e-9));
    }

    @Test
    void diamondAveragesTheBranchesAtTheFork() {
        // S 0.1; A 50 ms + 2 = 52; B 5 ms + 0.5 = 5.5; K 20 / 3200 s = 6.25 ms + 0.2 = 6.45.
        // To the sink: A 58.45, B 11.95, S 0.1 + (58.45 + 11.95) / 2 = 35.3 ms.
        assertThat(LatencyEstimate.meanMillis(WorkedExamples.diamond().input(hr)).getAsDouble())
                .isCloseTo(35.3, within(1e-9));
    }

    @Test
    void meanOverQueries() {
        PolicyInput both = TestSpe.input(hr, WorkedExamples.chain(), new TestSpe("flink")
                .query("d", List.of("S", "A"), "S>A")
                .operator("S#0", "d", "S").operator("A#0", "d", "A")
                .metric(COST, "S#0", 1).metric(COST, "A#0", 3).metric(QUEUE_SIZE, "A#0", 0));

        assertThat(LatencyEstimate.meanMillis(both).getAsDouble()).isCloseTo((91.85 + 4) / 2, within(1e-9));
    }

    @Test
    void aFusedChainCountsOnceAtItsFirstOperatorAndReplicasAreAveraged() {
        // A's replicas: 10 / 100 s = 100 ms + 2 and an empty queue + 4 → mean 53; BK: 5 / 500 s = 10 ms + 1.
        TestSpe spe = new TestSpe().query("q", List.of("S", "A", "B", "K"), "S>A", "A>B", "B>K")
                .operator("S#0", "q", "S")
                .replica("A#0", "q", "A", 0, 2).replica("A#1", "q", "A", 1, 2)
                .operator("BK#0", "q", "B", "K")
                .metric(COST, "S#0", 0).metric(QUEUE_SIZE, "S#0", 0)
                .metric(QUEUE_SIZE, "A#0", 10).metric(ARRIVAL_RATE, "A#0", 100).metric(COST, "A#0", 2)
                .metric(QUEUE_SIZE, "A#1", 0).metric(COST, "A#1", 4)
                .metric(QUEUE_SIZE, "BK#0", 5).metric(ARRIVAL_RATE, "BK#0", 500).metric(COST, "BK#0", 1);

        assertThat(LatencyEstimate.meanMillis(spe.input(hr)).getAsDouble()).isCloseTo(53 + 11, within(1e-9));
    }

    @Test
    void noEstimateWhenAQueuedOperatorHasNoArrivalRateOrCost() {
        TestSpe noRate = new TestSpe().query("q", List.of("S", "A"), "S>A")
                .operator("S#0", "q", "S").operator("A#0", "q", "A")
                .metric(COST, "S#0", 1).metric(COST, "A#0", 1).metric(QUEUE_SIZE, "A#0", 4);
        TestSpe noCost = new TestSpe().query("q", List.of("S", "A"), "S>A")
                .operator("S#0", "q", "S").operator("A#0", "q", "A")
                .metric(COST, "S#0", 1).metric(QUEUE_SIZE, "A#0", 0);

        assertThat(LatencyEstimate.meanMillis(noRate.input(hr))).isEmpty();
        assertThat(LatencyEstimate.meanMillis(noCost.input(hr))).isEmpty();
    }
}
