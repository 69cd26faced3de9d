package dev.lachesis.policies;

import static dev.lachesis.core.metric.MetricNames.HIGHEST_RATE;
import static dev.lachesis.core.metric.MetricNames.PATH_COST;
import static dev.lachesis.core.metric.MetricNames.PATH_SELECTIVITY;
import static dev.lachesis.policies.TestSpe.priorities;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;
import static org.assertj.core.api.Assertions.within;

import dev.lachesis.core.metric.MetricNames;
import dev.lachesis.core.model.ThreadKind;
import dev.lachesis.core.schedule.Schedule;
import dev.lachesis.core.spi.PolicyInput;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Rates derived by hand in {@link WorkedExamples}. */
class HighestRatePolicyTest {
    private final HighestRatePolicy hr = new HighestRatePolicy("hr-test");

    @Test
    void chainRatesArePathSelectivityOverPathCost() {
        Schedule schedule = hr.schedule(WorkedExamples.chain().input(hr));

        assertThat(priorities(schedule)).containsExactly(
                entry("S#0-main", 0.625), entry("S-send", 0.625),
                entry("A#0-main", 1 / 1.5), entry("A-send", 1 / 1.5),
                entry("B#0-main", 2.0), entry("B-send", 2.0),
                entry("K#0-main", 4.0));
        assertThat(TestSpe.entry(schedule, "K#0-main").metrics()).isEqualTo(Map.of(HIGHEST_RATE, 4.0));
    }

    @Test
    void diamondRates() {
        Schedule schedule = hr.schedule(WorkedExamples.diamond().input(hr));

        assertThat(priorities(schedule)).containsExactly(
                entry("S#0-main", 1.6 / 1.67), entry("A#0-main", 0.2 / 2.04),
                entry("B#0-main", 3 / 1.1), entry("K#0-main", 5.0));
        assertThat(TestSpe.entry(schedule, "S#0-main").priority()).isCloseTo(0.958084, within(1e-6));
        assertThat(TestSpe.entry(schedule, "A#0-main").priority()).isCloseTo(0.098039, within(1e-6));
        assertThat(TestSpe.entry(schedule, "B#0-main").priority()).isCloseTo(2.727273, within(1e-6));
    }

    @Test
    void replicasShareTheirLogicalOperatorsRateAndAFusedChainTakesItsHighest() {
        // The chain deployed with A run by two replicas and B, K fused into one Flink chain.
        TestSpe spe = new TestSpe().query("chain", List.of("S", "A", "B", "K"), "S>A", "A>B", "B>K")
                .operator("S#0", "chain", "S")
                .replica("A#0", "chain", "A", 0, 2).replica("A#1", "chain", "A", 1, 2)
                .operator("BK#0", "chain", "B", "K")
                .main("S#0").main("A#0").main("A#1").main("BK#0")
                .helper("OutputFlusher for BK", ThreadKind.SENDER, "chain", "BK#0", "BK#0")
                .metric(PATH_SELECTIVITY, "chain/S", 1).metric(PATH_COST, "chain/S", 1.6)
                .metric(PATH_SELECTIVITY, "chain/A", 1).metric(PATH_COST, "chain/A", 1.5)
                .metric(PATH_SELECTIVITY, "chain/B", 2).metric(PATH_COST, "chain/B", 1.0)
                .metric(PATH_SELECTIVITY, "chain/K", 1).metric(PATH_COST, "chain/K", 0.25);

        assertThat(priorities(hr.schedule(spe.input(hr)))).containsExactly(
                entry("S#0-main", 0.625), entry("A#0-main", 1 / 1.5), entry("A#1-main", 1 / 1.5),
                entry("BK#0-main", 4.0), entry("OutputFlusher for BK", 4.0));
    }

    @Test
    void operatorWithoutPathCostOrWithAZeroCostGetsNoRate() {
        TestSpe spe = new TestSpe().query("q", List.of("S", "A", "B"), "S>A", "A>B")
                .operator("S#0", "q", "S").operator("A#0", "q", "A").operator("B#0", "q", "B")
                .main("S#0").main("A#0").main("B#0")
                .metric(PATH_SELECTIVITY, "q/S", 1).metric(PATH_COST, "q/S", 0)
                .metric(PATH_SELECTIVITY, "q/A", 1)
                .metric(PATH_SELECTIVITY, "q/B", 1).metric(PATH_COST, "q/B", 2);

        assertThat(priorities(hr.schedule(spe.input(hr)))).containsExactly(entry("B#0-main", 0.5));
    }

    @Test
    void tiesEmptyInputAndSingleThread() {
        TestSpe ties = new TestSpe().query("q", List.of("A", "B"))
                .operator("A#0", "q", "A").operator("B#0", "q", "B").main("A#0").main("B#0")
                .metric(PATH_SELECTIVITY, "q/A", 1).metric(PATH_COST, "q/A", 2)
                .metric(PATH_SELECTIVITY, "q/B", 2).metric(PATH_COST, "q/B", 4);
        TestSpe single = new TestSpe().query("q", List.of("A"))
                .operator("A#0", "q", "A").main("A#0")
                .metric(PATH_SELECTIVITY, "q/A", 3).metric(PATH_COST, "q/A", 2);

        assertThat(priorities(hr.schedule(ties.input(hr))))
                .containsExactly(entry("A#0-main", 0.5), entry("B#0-main", 0.5));
        assertThat(priorities(hr.schedule(single.input(hr)))).containsExactly(entry("A#0-main", 1.5));
        assertThat(hr.schedule(new PolicyInput(TestSpe.NOW, List.of())).threads()).isEmpty();
    }

    @Test
    void goalIsTheMeanLatencyEstimate() {
        // See LatencyEstimateTest: 91.85 ms for the chain.
        assertThat(hr.schedule(WorkedExamples.chain().input(hr)).goal().getAsDouble())
                .isCloseTo(91.85, within(1e-9));
        assertThat(hr.requiredMetrics()).containsExactlyInAnyOrder(PATH_SELECTIVITY, PATH_COST,
                MetricNames.QUEUE_SIZE, MetricNames.ARRIVAL_RATE, MetricNames.COST);
    }
}
