package dev.lachesis.policies;

import static dev.lachesis.core.metric.MetricNames.QUEUE_SIZE;
import static dev.lachesis.policies.TestSpe.priorities;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;
import static org.assertj.core.api.Assertions.within;

import dev.lachesis.core.model.ThreadKind;
import dev.lachesis.core.schedule.Schedule;
import dev.lachesis.core.schedule.ScheduleForm;
import dev.lachesis.core.spi.PolicyInput;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class QueueSizePolicyTest {
    private final QueueSizePolicy qs = new QueueSizePolicy("qs-test", new QueueSizePolicy.Settings(null));

    @Test
    void chainThreadsGetTheirOperatorsInputQueueAndTheSourceItsQueryMedian() {
        Schedule schedule = qs.schedule(WorkedExamples.chain().input(qs));

        assertThat(schedule.form()).isEqualTo(ScheduleForm.SINGLE_PRIORITY);
        assertThat(schedule.policy()).isEqualTo("qs-test");
        assertThat(priorities(schedule)).containsExactly(
                entry("S#0-main", 30.0), entry("S-send", 30.0),
                entry("A#0-main", 40.0), entry("A-send", 40.0),
                entry("B#0-main", 10.0), entry("B-send", 10.0),
                entry("K#0-main", 30.0));
        assertThat(TestSpe.entry(schedule, "A-send").metrics()).isEqualTo(Map.of(QUEUE_SIZE, 40.0));
        assertThat(TestSpe.entry(schedule, "S#0-main").metrics())
                .isEqualTo(Map.of(ThreadRatingPolicy.NEUTRAL_MEDIAN, 30.0));
    }

    @Test
    void aParallelOperatorCountsOnceInTheMedianSoTheSourceStaysBelowTheOverloadedOperator() {
        // The shape of the Flink example query: source, a heavy operator with two replicas, a sink.
        TestSpe spe = new TestSpe()
                .query("q", List.of("S", "H", "K"), "S>H", "H>K")
                .operator("S#0", "q", "S").replica("H#0", "q", "H", 0, 2).replica("H#1", "q", "H", 1, 2)
                .operator("K#0", "q", "K")
                .main("S#0").main("H#0").main("H#1").main("K#0")
                .metric(QUEUE_SIZE, "H#0", 900).metric(QUEUE_SIZE, "H#1", 1100).metric(QUEUE_SIZE, "K#0", 0);

        Schedule schedule = qs.schedule(spe.input(qs));

        // logical operators H (mean 1000) and K (0): median 500, not the 900 of counting H twice
        assertThat(priorities(schedule)).containsExactly(
                entry("S#0-main", 500.0), entry("H#0-main", 900.0), entry("H#1-main", 1100.0), entry("K#0-main", 0.0));
    }

    @Test
    void chainGoalIsTheCoefficientOfVariationOfTheNonSourceQueues() {
        // queues 40, 10, 30: mean 80/3, population variance (40²+50²+10²)/9/3 = 4200/27
        double expected = Math.sqrt(4200.0 / 27) / (80.0 / 3);

        Schedule schedule = qs.schedule(WorkedExamples.chain().input(qs));

        assertThat(schedule.goal().getAsDouble()).isCloseTo(expected, within(1e-12));
        assertThat(expected).isCloseTo(0.4677, within(1e-4));
    }

    @Test
    void diamondPrioritiesAndGoal() {
        Schedule schedule = qs.schedule(WorkedExamples.diamond().input(qs));

        assertThat(priorities(schedule)).containsExactly(
                entry("S#0-main", 20.0), entry("A#0-main", 50.0), entry("B#0-main", 5.0), entry("K#0-main", 20.0));
        // queues 50, 5, 20: mean 25, variance (25² + 20² + 5²) / 3 = 350
        assertThat(schedule.goal().getAsDouble()).isCloseTo(Math.sqrt(350) / 25, within(1e-12));
    }

    @Test
    void anAssumedSourceQueueRestoresThe2021RuleOfAFixedSourceQueue() {
        QueueSizePolicy policy = new QueueSizePolicy("qs", new QueueSizePolicy.Settings(0.0));

        assertThat(priorities(policy.schedule(WorkedExamples.diamond().input(policy))))
                .containsEntry("S#0-main", 0.0);
    }

    @Test
    void equalQueuesGiveEqualPrioritiesAndABalancedGoal() {
        TestSpe spe = new TestSpe().query("q", List.of("S", "A", "B"), "S>A", "S>B")
                .operator("S#0", "q", "S").operator("A#0", "q", "A").operator("B#0", "q", "B")
                .main("A#0").main("B#0")
                .metric(QUEUE_SIZE, "A#0", 7).metric(QUEUE_SIZE, "B#0", 7);

        Schedule schedule = qs.schedule(spe.input(qs));

        assertThat(priorities(schedule)).containsExactly(entry("A#0-main", 7.0), entry("B#0-main", 7.0));
        assertThat(schedule.goal()).hasValue(0.0);
    }

    @Test
    void emptyInputGivesAnEmptyScheduleWithoutGoal() {
        Schedule schedule = qs.schedule(new PolicyInput(TestSpe.NOW, List.of()));

        assertThat(schedule.threads()).isEmpty();
        assertThat(schedule.goal()).isEmpty();
    }

    @Test
    void singleThread() {
        TestSpe spe = new TestSpe().query("q", List.of("S", "A"), "S>A")
                .operator("S#0", "q", "S").operator("A#0", "q", "A").main("A#0")
                .metric(QUEUE_SIZE, "A#0", 3);

        Schedule schedule = qs.schedule(spe.input(qs));

        assertThat(priorities(schedule)).containsExactly(entry("A#0-main", 3.0));
        assertThat(schedule.goal()).hasValue(0.0);
    }

    @Test
    void threadsWithoutAValueAreLeftOutSoTheirTranslatorKeepsWhatItHad() {
        TestSpe spe = new TestSpe().query("q", List.of("S", "A", "B"), "S>A", "A>B")
                .operator("S#0", "q", "S").operator("A#0", "q", "A").operator("B#0", "q", "B")
                .main("A#0").main("B#0")
                .helper("worker-transfer", ThreadKind.SENDER, "q", null, "worker-transfer@4242")
                .helper("acker", ThreadKind.SYSTEM, "q", null, "acker")
                .metric(QUEUE_SIZE, "A#0", 3);

        assertThat(priorities(qs.schedule(spe.input(qs)))).containsExactly(entry("A#0-main", 3.0));
    }

    @Test
    void schedulesEverySpeInstanceItIsGiven() {
        TestSpe storm = WorkedExamples.diamond();
        TestSpe flink = new TestSpe("flink").query("f", List.of("src", "map"), "src>map")
                .operator("src#0", "f", "src").operator("map#0", "f", "map").main("map#0")
                .metric(QUEUE_SIZE, "map#0", 80);

        Schedule schedule = qs.schedule(TestSpe.input(qs, storm, flink));

        assertThat(schedule.threads()).hasSize(5);
        assertThat(TestSpe.entry(schedule, "map#0-main").speName()).isEqualTo("flink");
        assertThat(TestSpe.entry(schedule, "map#0-main").priority()).isEqualTo(80.0);
    }

    @Test
    void toStringShowsTheParameters() {
        assertThat(qs).hasToString("qs{}");
        assertThat(new QueueSizePolicy("qs", new QueueSizePolicy.Settings(1.0))).hasToString("qs{assumed-source-queue=1.0}");
    }
}
