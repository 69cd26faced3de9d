package dev.lachesis.core.metric.derived;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.lachesis.core.metric.FixedMetricContext;
import dev.lachesis.core.metric.MetricKeys;
import dev.lachesis.core.metric.MetricNames;
import dev.lachesis.core.metric.MetricValues;
import dev.lachesis.core.metric.Topologies;
import dev.lachesis.core.model.SpeState;
import java.util.HashMap;
import java.util.Map;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/**
 * Each derived metric on the hand-computed examples of {@link Topologies}. Chain
 * {@code src -> a -> b -> snk}: selectivities 1, 0.5, 2 (replicas 1 and 3), costs 1, 2, 4 (replicas
 * 3 and 5), 3 ms. Diamond {@code s -> {l, r} -> k}: selectivities 2, 0.5, 1, costs 1, 2, 6, 1 ms.
 */
class DerivedMetricsTest {
    private static final Offset<Double> EXACT = within(1e-12);
    private static final SpeState ALL = Topologies.all();

    private static final Map<String, Double> SELECTIVITY = Map.of(
            "src#0", 1.0, "a#0", 0.5, "b#0", 1.0, "b#1", 3.0,
            "s#0", 2.0, "l#0", 0.5, "r#0", 1.0,
            "f-chain#0", 0.5);
    private static final Map<String, Double> COST = Map.ofEntries(
            Map.entry("src#0", 1.0), Map.entry("a#0", 2.0), Map.entry("b#0", 3.0), Map.entry("b#1", 5.0),
            Map.entry("snk#0", 3.0),
            Map.entry("s#0", 1.0), Map.entry("l#0", 2.0), Map.entry("r#0", 6.0), Map.entry("k#0", 1.0),
            Map.entry("f-chain#0", 3.0), Map.entry("f-snk#0", 1.0));

    private static String chain(String op) {
        return MetricKeys.logical(Topologies.CHAIN, op);
    }

    private static String diamond(String op) {
        return MetricKeys.logical(Topologies.DIAMOND, op);
    }

    private static String fused(String op) {
        return MetricKeys.logical(Topologies.FUSED, op);
    }

    @Test
    void queueSizeIsTheInputQueueOfEachOperator() {
        MetricValues values = new FixedMetricContext(ALL, new QueueSize())
                .with(MetricNames.INPUT_QUEUE, Map.of("a#0", 12.0, "b#1", 0.0, "gone#3", 5.0))
                .compute();

        assertThat(values.asMap()).containsOnly(Map.entry("a#0", 12.0), Map.entry("b#1", 0.0));
    }

    @Test
    void selectivityIsEmittedOverProcessedAndOneForASourceWithoutInput() {
        MetricValues values = new FixedMetricContext(ALL, new Selectivity())
                .with(MetricNames.EMITTED_RATE, Map.of("src#0", 100.0, "a#0", 50.0, "b#0", 25.0, "b#1", 75.0,
                        "l#0", 10.0, "f-chain#0", 40.0))
                .with(MetricNames.PROCESSED_RATE, Map.of("a#0", 100.0, "b#0", 25.0, "b#1", 25.0, "snk#0", 50.0,
                        "l#0", 0.0))
                .compute();

        assertThat(values.asMap()).containsOnly(Map.entry("src#0", 1.0), Map.entry("a#0", 0.5),
                Map.entry("b#0", 1.0), Map.entry("b#1", 3.0), Map.entry("f-chain#0", 1.0));
    }

    @Test
    void costIsTheProcessingTimePerTuple() {
        MetricValues values = new FixedMetricContext(ALL, new Cost())
                .with(MetricNames.PROCESSING_TIME, Map.of("a#0", 2.5, "b#0", -1.0))
                .compute();

        assertThat(values.asMap()).containsOnly(Map.entry("a#0", 2.5));
    }

    @Test
    void pathSelectivityIsTheProductAlongTheChainAndTheMeanOverTheDiamondsPaths() {
        MetricValues values = new FixedMetricContext(ALL, new PathSelectivity())
                .with(MetricNames.SELECTIVITY, SELECTIVITY)
                .compute();

        assertThat(values.get(chain("snk")).getAsDouble()).isEqualTo(1.0, EXACT);
        assertThat(values.get(chain("b")).getAsDouble()).isEqualTo(2.0, EXACT);
        assertThat(values.get(chain("a")).getAsDouble()).isEqualTo(1.0, EXACT);
        assertThat(values.get(chain("src")).getAsDouble()).isEqualTo(1.0, EXACT);
        // s-l-k: 2 * 0.5 = 1; s-r-k: 2 * 1 = 2; mean 1.5
        assertThat(values.get(diamond("s")).getAsDouble()).isEqualTo(1.5, EXACT);
        assertThat(values.get(diamond("l")).getAsDouble()).isEqualTo(0.5, EXACT);
        assertThat(values.get(diamond("r")).getAsDouble()).isEqualTo(1.0, EXACT);
        assertThat(values.get(diamond("k")).getAsDouble()).isEqualTo(1.0, EXACT);
        // the fused chain's selectivity 0.5 belongs to map; src passes through
        assertThat(values.get(fused("map")).getAsDouble()).isEqualTo(0.5, EXACT);
        assertThat(values.get(fused("src")).getAsDouble()).isEqualTo(0.5, EXACT);
        assertThat(values.size()).isEqualTo(11);
    }

    @Test
    void pathCostAddsCostsWeightedByUpstreamSelectivityAndAveragesOverPaths() {
        MetricValues values = new FixedMetricContext(ALL, new PathCost())
                .with(MetricNames.SELECTIVITY, SELECTIVITY)
                .with(MetricNames.COST, COST)
                .compute();

        assertThat(values.get(chain("snk")).getAsDouble()).isEqualTo(3.0, EXACT);
        assertThat(values.get(chain("b")).getAsDouble()).isEqualTo(4 + 2 * 3.0, EXACT);
        assertThat(values.get(chain("a")).getAsDouble()).isEqualTo(2 + 0.5 * 10, EXACT);
        // 1 + 2*1 + 4*(1*0.5) + 3*(1*0.5*2)
        assertThat(values.get(chain("src")).getAsDouble()).isEqualTo(8.0, EXACT);
        assertThat(values.get(diamond("l")).getAsDouble()).isEqualTo(2 + 0.5 * 1, EXACT);
        assertThat(values.get(diamond("r")).getAsDouble()).isEqualTo(6 + 1 * 1.0, EXACT);
        // s-l-k: 1 + 2*2.5 = 6; s-r-k: 1 + 2*7 = 15; mean 10.5
        assertThat(values.get(diamond("s")).getAsDouble()).isEqualTo(10.5, EXACT);
        assertThat(values.get(diamond("k")).getAsDouble()).isEqualTo(1.0, EXACT);
        assertThat(values.get(fused("map")).getAsDouble()).isEqualTo(3 + 0.5 * 1, EXACT);
        assertThat(values.get(fused("src")).getAsDouble()).isEqualTo(3.5, EXACT);
    }

    @Test
    void highestRateIsPathSelectivityOverPathCostForEachReplica() {
        Map<String, Double> pathSelectivity = new FixedMetricContext(ALL, new PathSelectivity())
                .with(MetricNames.SELECTIVITY, SELECTIVITY).compute().asMap();
        Map<String, Double> pathCost = new FixedMetricContext(ALL, new PathCost())
                .with(MetricNames.SELECTIVITY, SELECTIVITY).with(MetricNames.COST, COST).compute().asMap();

        MetricValues values = new FixedMetricContext(ALL, new HighestRate())
                .with(MetricNames.PATH_SELECTIVITY, pathSelectivity)
                .with(MetricNames.PATH_COST, pathCost)
                .compute();

        assertThat(values.get("src#0").getAsDouble()).isEqualTo(1 / 8.0, EXACT);
        assertThat(values.get("a#0").getAsDouble()).isEqualTo(1 / 7.0, EXACT);
        assertThat(values.get("b#0").getAsDouble()).isEqualTo(0.2, EXACT);
        assertThat(values.get("b#1").getAsDouble()).isEqualTo(0.2, EXACT);
        assertThat(values.get("snk#0").getAsDouble()).isEqualTo(1 / 3.0, EXACT);
        assertThat(values.get("s#0").getAsDouble()).isEqualTo(1.5 / 10.5, EXACT);
        assertThat(values.get("l#0").getAsDouble()).isEqualTo(0.2, EXACT);
        assertThat(values.get("r#0").getAsDouble()).isEqualTo(1 / 7.0, EXACT);
        assertThat(values.get("k#0").getAsDouble()).isEqualTo(1.0, EXACT);
        assertThat(values.get("f-chain#0").getAsDouble()).isEqualTo(0.5 / 3.5, EXACT);
    }

    @Test
    void aFusedOperatorTakesTheHighestRateOfItsLogicalOperators() {
        MetricValues values = new FixedMetricContext(ALL, new HighestRate())
                .with(MetricNames.PATH_SELECTIVITY, Map.of(fused("src"), 1.0, fused("map"), 3.0))
                .with(MetricNames.PATH_COST, Map.of(fused("src"), 10.0, fused("map"), 10.0, fused("snk"), 0.0))
                .compute();

        assertThat(values.asMap()).containsOnly(Map.entry("f-chain#0", 0.3));
    }

    @Test
    void pathMetricsLeaveOutOperatorsWhosePathsLackAValue() {
        Map<String, Double> selectivity = new HashMap<>(SELECTIVITY);
        selectivity.remove("a#0");
        Map<String, Double> cost = new HashMap<>(COST);
        cost.remove("b#0");
        cost.remove("b#1");
        cost.remove("k#0");

        MetricValues pathSelectivity = new FixedMetricContext(ALL, new PathSelectivity())
                .with(MetricNames.SELECTIVITY, selectivity).compute();
        MetricValues pathCost = new FixedMetricContext(ALL, new PathCost())
                .with(MetricNames.SELECTIVITY, selectivity).with(MetricNames.COST, cost).compute();
        MetricValues rate = new FixedMetricContext(ALL, new HighestRate())
                .with(MetricNames.PATH_SELECTIVITY, pathSelectivity.asMap())
                .with(MetricNames.PATH_COST, pathCost.asMap()).compute();

        assertThat(pathSelectivity.asMap()).containsKeys(chain("b"), chain("snk"))
                .doesNotContainKeys(chain("a"), chain("src"));
        assertThat(pathCost.asMap()).containsOnlyKeys(chain("snk"), fused("src"), fused("map"), fused("snk"));
        assertThat(rate.asMap()).containsOnlyKeys("snk#0", "f-chain#0", "f-snk#0");
        assertThat(rate.asMap().values()).allMatch(Double::isFinite);
    }

    @Test
    void headAgeUsesTheReportedAgeElseEstimatesItFromQueueAndArrivalRate() {
        MetricValues values = new FixedMetricContext(ALL, new HeadAge())
                .with(MetricNames.HEAD_AGE_REPORTED, Map.of("a#0", 750.0))
                .with(MetricNames.QUEUE_SIZE, Map.of("a#0", 1.0, "b#0", 30.0, "b#1", 0.0, "snk#0", 10.0, "l#0", 4.0))
                .with(MetricNames.ARRIVAL_RATE, Map.of("a#0", 1.0, "b#0", 60.0, "snk#0", 0.0))
                .compute();

        assertThat(values.asMap()).containsOnly(Map.entry("a#0", 750.0), Map.entry("b#0", 500.0),
                Map.entry("b#1", 0.0));
    }

    @Test
    void queueSizeCvIsThePopulationCoefficientOfVariationPerQuery() {
        MetricValues values = new FixedMetricContext(ALL, new QueueSizeCv())
                .with(MetricNames.QUEUE_SIZE, Map.of("a#0", 2.0, "b#0", 4.0, "b#1", 6.0, "snk#0", 8.0,
                        "f-snk#0", 17.0, "s#0", 0.0, "l#0", 0.0))
                .compute();

        // mean 5, population variance (9 + 1 + 1 + 9) / 4 = 5
        assertThat(values.get(Topologies.CHAIN).getAsDouble()).isEqualTo(Math.sqrt(5) / 5, EXACT);
        assertThat(values.get(Topologies.FUSED).getAsDouble()).as("a single operator").isEqualTo(0.0);
        assertThat(values.get(Topologies.DIAMOND).getAsDouble()).as("all queues empty").isEqualTo(0.0);
    }

    @Test
    void queueSizeCvLeavesOutAQueryWithoutQueueSizes() {
        MetricValues values = new FixedMetricContext(ALL, new QueueSizeCv())
                .with(MetricNames.QUEUE_SIZE, Map.of("a#0", 2.0))
                .compute();

        assertThat(values.asMap()).containsOnly(Map.entry(Topologies.CHAIN, 0.0));
    }

    @Test
    void drainTimeIsQueueTimesCpuCostAndZeroForAnEmptyQueueWhateverItsCost() {
        MetricValues values = new FixedMetricContext(ALL, new DrainTime())
                .with(MetricNames.QUEUE_SIZE, Map.of("a#0", 100.0, "b#0", 0.0, "b#1", 40.0, "snk#0", 7.0))
                .with(MetricNames.CPU_COST, Map.of("a#0", 2.0, "b#1", 5.0))
                .compute();

        // a#0: 100 tuples x 2 ms; b#0: empty; b#1: 40 x 5 ms; snk#0 has no cost this round
        assertThat(values.asMap()).containsOnly(Map.entry("a#0", 200.0), Map.entry("b#0", 0.0),
                Map.entry("b#1", 200.0));
    }

    @Test
    void outputBlockedIsTheFillOfTheFullestConsumerQueueAndZeroAtASink() {
        MetricValues values = new FixedMetricContext(ALL, new OutputBlocked())
                .with(MetricNames.QUEUE_SIZE, Map.of("a#0", 1024.0, "b#0", 512.0, "b#1", 1024.0, "snk#0", 10.0,
                        "l#0", 30.0, "r#0", 990.0))
                .with(MetricNames.INPUT_QUEUE_CAPACITY, Map.of("a#0", 1024.0, "b#0", 1024.0, "b#1", 1024.0,
                        "snk#0", 1024.0, "l#0", 1000.0, "r#0", 1000.0))
                .compute();

        assertThat(values.get("src#0")).hasValue(1.0);     // a#0 is full
        assertThat(values.get("a#0")).hasValue(1.0);       // b#1 is full (b#0 half): the fullest counts
        assertThat(values.get("b#0").getAsDouble()).isCloseTo(10.0 / 1024, EXACT);
        assertThat(values.get("snk#0")).hasValue(0.0);     // a sink waits for no one
        assertThat(values.get("s#0").getAsDouble()).isCloseTo(0.99, EXACT);
        assertThat(values.has("l#0")).isFalse();           // k#0 has no queue this round
    }

    @Test
    void outputBlockedTakesTheBackPressureTheSpeMeasuresOverQueueFill() {
        MetricValues values = new FixedMetricContext(Topologies.chain(), new OutputBlocked())
                .with(MetricNames.OUTPUT_BLOCKED_REPORTED, Map.of("a#0", 0.25, "b#0", 1.2))
                .with(MetricNames.QUEUE_SIZE, Map.of("b#0", 1000.0, "b#1", 1000.0))
                .with(MetricNames.INPUT_QUEUE_CAPACITY, Map.of("b#0", 1000.0, "b#1", 1000.0))
                .compute();

        assertThat(values.get("a#0")).hasValue(0.25);      // measured, although b's queues are full
        assertThat(values.get("b#0")).hasValue(1.0);       // clamped to a share
        assertThat(values.has("src#0")).isFalse();         // a#0's fill is unknown without its queue
    }
}
