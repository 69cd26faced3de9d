package dev.lachesis.policies;

import static dev.lachesis.core.metric.MetricNames.CPU_COST;
import static dev.lachesis.core.metric.MetricNames.DRAIN_TIME;
import static dev.lachesis.core.metric.MetricNames.OUTPUT_BLOCKED;
import static dev.lachesis.core.metric.MetricNames.SOURCE_QUEUE;
import static dev.lachesis.policies.TestSpe.priorities;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;
import static org.assertj.core.api.Assertions.within;

import dev.lachesis.core.model.ThreadKind;
import dev.lachesis.core.schedule.Schedule;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DrainPolicyTest {
    private final DrainPolicy drain = new DrainPolicy("drain-test");

    /**
     * RIoTBench's ETL on Storm 2.8.3, one core, park wait, 14000 records/s under the kernel alone
     * (beyond its ~10,700), as {@code lachesis once --dry-run --format json} read it in one round:
     * the receive queues of parse, range-filter and bloom-filter at or near their capacity (32768),
     * the queues after bloom-filter short. QS ties the three full queues; DRAIN sees that parse and
     * range-filter wait for their consumer's full queue and puts bloom-filter, the operator that
     * holds the chain back, first; the source takes the query's median.
     */
    private static TestSpe stormEtlBeyondSaturation() {
        List<String> ops = List.of("source", "parse", "range-filter", "bloom-filter", "interpolation", "join",
                "annotate", "csv-to-senml", "publish", "sink");
        TestSpe spe = new TestSpe().query("etl", ops, "source>parse", "parse>range-filter",
                "range-filter>bloom-filter", "bloom-filter>interpolation", "interpolation>join", "join>annotate",
                "annotate>csv-to-senml", "csv-to-senml>publish", "csv-to-senml>sink");
        for (String op : ops) {
            spe.operator(op, "etl", op).main(op);
        }
        spe.helper("lachesis-source-reader-source-10", ThreadKind.SOURCE_READER, "etl", "source", "source");
        // operator, drain-time-ms, output-blocked
        measured(spe, "parse", 232.017, 1.0);
        measured(spe, "range-filter", 55.947, 0.996);
        measured(spe, "bloom-filter", 73.485, 0.011);
        measured(spe, "interpolation", 0.693, 0.092);
        measured(spe, "join", 7.515, 0);
        measured(spe, "annotate", 0.017, 0);
        measured(spe, "csv-to-senml", 0, 0);
        measured(spe, "publish", 0, 0);
        measured(spe, "sink", 0, 0);
        return spe;
    }

    private static void measured(TestSpe spe, String operator, double drainTime, double blocked) {
        spe.metric(DRAIN_TIME, operator, drainTime).metric(OUTPUT_BLOCKED, operator, blocked);
    }

    @Test
    void workedExampleFromStormEtlBeyondSaturation() {
        Schedule schedule = drain.schedule(stormEtlBeyondSaturation().input(drain));

        Map<String, Double> p = priorities(schedule);
        assertThat(p.get("bloom-filter-main")).isCloseTo(73.485 * 0.989, within(1e-9));
        assertThat(p.get("join-main")).isCloseTo(7.515, within(1e-9));
        assertThat(p.get("interpolation-main")).isCloseTo(0.693 * 0.908, within(1e-9));
        assertThat(p.get("range-filter-main")).isCloseTo(55.947 * 0.004, within(1e-9));
        assertThat(p.get("parse-main")).isEqualTo(0.0);
        // sorted own priorities: 0 (parse, csv, publish, sink), 0.017, 0.224, 0.629, 7.515, 72.677: median 0.017
        assertThat(p).containsEntry("source-main", 0.017).containsEntry("lachesis-source-reader-source-10", 0.017);
        assertThat(TestSpe.entry(schedule, "source-main").metrics())
                .isEqualTo(Map.of(ThreadRatingPolicy.NEUTRAL_MEDIAN, 0.017));
        assertThat(TestSpe.entry(schedule, "parse-main").metrics())
                .isEqualTo(Map.of(DRAIN_TIME, 232.017, OUTPUT_BLOCKED, 1.0));
        assertThat(p.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey())
                .isEqualTo("bloom-filter-main");
        assertThat(schedule.goal()).hasValue(232.017);
    }

    @Test
    void helpersOfAnOperatorShareItsRatingAndWorkerWideHelpersGetNone() {
        TestSpe spe = new TestSpe().query("q", List.of("S", "A"), "S>A")
                .operator("S#0", "q", "S").operator("A#0", "q", "A").main("S#0").main("A#0")
                .helper("OutputFlusher for A", ThreadKind.SENDER, "q", "A#0", "A#0")
                .helper("Worker-Transfer", ThreadKind.SENDER, "q", null, "worker-transfer@1")
                .metric(DRAIN_TIME, "A#0", 40).metric(OUTPUT_BLOCKED, "A#0", 0.5);

        assertThat(priorities(drain.schedule(spe.input(drain)))).containsExactly(
                entry("S#0-main", 20.0), entry("A#0-main", 20.0), entry("OutputFlusher for A", 20.0));
    }

    @Test
    void anOperatorWithoutADrainTimeIsLeftOutAndOneWithoutBackPressureCountsAsFree() {
        TestSpe spe = new TestSpe().query("q", List.of("S", "A", "B"), "S>A", "A>B")
                .operator("S#0", "q", "S").operator("A#0", "q", "A").operator("B#0", "q", "B")
                .main("A#0").main("B#0")
                .metric(DRAIN_TIME, "A#0", 12);

        assertThat(priorities(drain.schedule(spe.input(drain)))).containsExactly(entry("A#0-main", 12.0));
    }

    @Test
    void aQueryWhoseOperatorsHaveNoPriorityLeavesItsSourceOut() {
        TestSpe spe = new TestSpe().query("q", List.of("S", "A"), "S>A")
                .operator("S#0", "q", "S").operator("A#0", "q", "A").main("S#0").main("A#0");

        assertThat(drain.schedule(spe.input(drain)).threads()).isEmpty();
    }

    /**
     * A source that publishes its backlog is an operator with its backlog as its queue: 2.3 million
     * records behind at 0.0014 ms of CPU each (Flink ETL beyond saturation) is 3,234 ms of work, far
     * above A's 20 ms; while its consumer A has room it comes first, tied with A, whose work all its
     * records need next, not above it.
     */
    @Test
    void aSourceWithABacklogAndRoomDownstreamTiesWithItsConsumer() {
        TestSpe spe = sourceAndTwoOperators().metric(SOURCE_QUEUE, "S#0", 2_310_000).metric(CPU_COST, "S#0", 0.0014)
                .metric(OUTPUT_BLOCKED, "S#0", 0.0);

        Schedule schedule = drain.schedule(spe.input(drain));

        assertThat(priorities(schedule)).containsEntry("S#0-main", 20.0).containsEntry("A#0-main", 20.0);
        assertThat(TestSpe.entry(schedule, "S#0-main").metrics()).isEqualTo(Map.of(SOURCE_QUEUE, 2_310_000.0,
                CPU_COST, 0.0014, OUTPUT_BLOCKED, 0.0, DrainPolicy.CONSUMERS_HIGHEST, 20.0));
    }

    /**
     * The same source before a light consumer A (6 ms) and a bottleneck further on (B, 20 ms): its
     * records wait at A first, so it ranks with A, below B; the median of A, B, C and D is 4.
     */
    @Test
    void aSourceRanksNoHigherThanTheConsumerItsRecordsGoToFirst() {
        TestSpe spe = new TestSpe().query("q", List.of("S", "A", "B", "C", "D"), "S>A", "A>B", "B>C", "C>D")
                .operator("S#0", "q", "S").operator("A#0", "q", "A").operator("B#0", "q", "B")
                .operator("C#0", "q", "C").operator("D#0", "q", "D")
                .main("S#0").main("A#0").main("B#0").main("C#0").main("D#0")
                .metric(DRAIN_TIME, "A#0", 6).metric(DRAIN_TIME, "B#0", 20).metric(DRAIN_TIME, "C#0", 2)
                .metric(DRAIN_TIME, "D#0", 1)
                .metric(SOURCE_QUEUE, "S#0", 2_310_000).metric(CPU_COST, "S#0", 0.0014).metric(OUTPUT_BLOCKED, "S#0", 0.0);

        Map<String, Double> p = priorities(drain.schedule(spe.input(drain)));

        assertThat(p).containsEntry("S#0-main", 6.0).containsEntry("B#0-main", 20.0);
    }

    /** A small backlog between the median and the top keeps the source's own drain time: 10,000 × 0.0014 ms. */
    @Test
    void aSourceWithASmallBacklogKeepsItsOwnDrainTime() {
        TestSpe spe = sourceAndTwoOperators().metric(SOURCE_QUEUE, "S#0", 10_000).metric(CPU_COST, "S#0", 0.0014)
                .metric(OUTPUT_BLOCKED, "S#0", 0.0);

        assertThat(priorities(drain.schedule(spe.input(drain))).get("S#0-main")).isCloseTo(14, within(1e-9));
    }

    /** The same source while its consumer's queue is full: its work cannot run, it takes the median, not last. */
    @Test
    void aSourceWhoseConsumerIsFullTakesItsQueryMedianNotTheLastPlace() {
        TestSpe spe = sourceAndTwoOperators().metric(SOURCE_QUEUE, "S#0", 2_310_000).metric(CPU_COST, "S#0", 0.0014)
                .metric(OUTPUT_BLOCKED, "S#0", 0.999);

        Schedule schedule = drain.schedule(spe.input(drain));

        // own 3.234 ms; the median of A (20) and B (4) is 12
        assertThat(priorities(schedule)).containsEntry("S#0-main", 12.0);
        assertThat(TestSpe.entry(schedule, "S#0-main").metrics()).containsEntry(ThreadRatingPolicy.NEUTRAL_MEDIAN, 12.0)
                .containsEntry(SOURCE_QUEUE, 2_310_000.0);
    }

    @Test
    void aSourceWithABacklogButNoCostYetIsNeutral() {
        TestSpe spe = sourceAndTwoOperators().metric(SOURCE_QUEUE, "S#0", 2_310_000);

        assertThat(priorities(drain.schedule(spe.input(drain)))).containsEntry("S#0-main", 12.0);
    }

    private static TestSpe sourceAndTwoOperators() {
        return new TestSpe().query("q", List.of("S", "A", "B"), "S>A", "A>B")
                .operator("S#0", "q", "S").operator("A#0", "q", "A").operator("B#0", "q", "B")
                .main("S#0").main("A#0").main("B#0")
                .metric(DRAIN_TIME, "A#0", 20).metric(DRAIN_TIME, "B#0", 4);
    }
}
