package dev.lachesis.policies;

import static dev.lachesis.policies.TestSpe.priorities;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import dev.lachesis.core.metric.MetricNames;
import dev.lachesis.core.model.OperatorThread;
import dev.lachesis.core.model.ThreadKind;
import dev.lachesis.core.schedule.Schedule;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RealTimeGuardTest {
    private final RealTimeGuard guardedQs = new RealTimeGuard(
            new QueueSizePolicy("qs", new QueueSizePolicy.Settings(1.0)));

    @Test
    void aSpinnerLevelWithItsConsumerGoesOneLevelDownAndOneAtTheBottomStaysEqual() {
        // QS: S (source) 1, A 30, B 30. A's sender spins on B's queue at A's 30, level with B: it
        // goes to the next level down, 1. S's sender spins on A's queue at 1, already below A's 30:
        // it stays.
        TestSpe spe = new TestSpe().query("q", List.of("S", "A", "B"), "S>A", "A>B")
                .operator("S#0", "q", "S").operator("A#0", "q", "A").operator("B#0", "q", "B")
                .main("S#0").spinningHelper("S-send", ThreadKind.SENDER, "q", "S#0", "S#0", "A#0")
                .main("A#0").spinningHelper("A-send", ThreadKind.SENDER, "q", "A#0", "A#0", "B#0")
                .main("B#0")
                .metric(MetricNames.QUEUE_SIZE, "A#0", 30).metric(MetricNames.QUEUE_SIZE, "B#0", 30);

        Schedule schedule = guardedQs.schedule(spe.input(guardedQs));

        assertThat(priorities(schedule)).containsExactly(entry("S#0-main", 1.0), entry("S-send", 1.0),
                entry("A#0-main", 30.0), entry("A-send", 1.0), entry("B#0-main", 30.0));
        assertThat(TestSpe.entry(schedule, "S-send").metrics()).doesNotContainKey(RealTimeGuard.CAP);
    }

    @Test
    void aSpinnerAtItsBottomConsumersLevelStaysEqual() {
        // Both queues hold 4 (the source S runs elsewhere): the sender, level with its consumer at
        // the query's bottom, cannot go lower.
        TestSpe spe = new TestSpe().query("q", List.of("S", "A", "B"), "S>A", "A>B")
                .operator("A#0", "q", "A").operator("B#0", "q", "B")
                .main("A#0").spinningHelper("A-send", ThreadKind.SENDER, "q", "A#0", "A#0", "B#0").main("B#0")
                .metric(MetricNames.QUEUE_SIZE, "A#0", 4).metric(MetricNames.QUEUE_SIZE, "B#0", 4);

        Schedule schedule = guardedQs.schedule(spe.input(guardedQs));

        assertThat(priorities(schedule)).containsExactly(
                entry("A#0-main", 4.0), entry("A-send", 4.0), entry("B#0-main", 4.0));
        assertThat(TestSpe.entry(schedule, "A-send").metrics()).doesNotContainKey(RealTimeGuard.CAP);
    }

    @Test
    void aSpinnerBelowItsConsumerKeepsItsPriority() {
        TestSpe spe = new TestSpe().query("q", List.of("S", "A"), "S>A")
                .operator("S#0", "q", "S").operator("A#0", "q", "A")
                .main("S#0").spinningHelper("S-send", ThreadKind.SENDER, "q", "S#0", "S#0", "A#0").main("A#0")
                .metric(MetricNames.QUEUE_SIZE, "A#0", 30);

        assertThat(priorities(guardedQs.schedule(spe.input(guardedQs)))).containsExactly(
                entry("S#0-main", 1.0), entry("S-send", 1.0), entry("A#0-main", 30.0));
    }

    @Test
    void aSpinnerWhoseConsumerHasNoPriorityIsCappedAtTheQuerysLowest() {
        // QS-IO: S drains a source queue of 2, A its input queue of 9, A's sender an output queue of
        // 60; B publishes no queue. B's main thread is floored at the query's lowest (2), and A's
        // sender, which spins on B's queue, is capped at B's 2 instead of ranking first.
        TestSpe spe = new TestSpe().query("q", List.of("S", "A", "B"), "S>A", "A>B")
                .operator("S#0", "q", "S").operator("A#0", "q", "A").operator("B#0", "q", "B")
                .main("S#0").main("A#0").spinningHelper("A-send", ThreadKind.SENDER, "q", "A#0", "A#0", "B#0")
                .main("B#0")
                .metric(MetricNames.SOURCE_QUEUE, "S#0", 2).metric(MetricNames.QUEUE_SIZE, "A#0", 9)
                .metric(MetricNames.OUTPUT_QUEUE, "A#0", 60);
        RealTimeGuard guarded = new RealTimeGuard(new InputOutputQueuePolicy("qs-io",
                new QueueSizePolicy.Settings(null)));

        Schedule schedule = guarded.schedule(spe.input(guarded));

        assertThat(priorities(schedule)).containsExactly(
                entry("S#0-main", 2.0), entry("A#0-main", 9.0), entry("A-send", 2.0), entry("B#0-main", 2.0));
        assertThat(TestSpe.entry(schedule, "B#0-main").metrics()).isEqualTo(Map.of(RealTimeGuard.FLOOR, 2.0));
        assertThat(TestSpe.entry(schedule, "A-send").metrics())
                .isEqualTo(Map.of(MetricNames.OUTPUT_QUEUE, 60.0, RealTimeGuard.CAP, 2.0));
    }

    @Test
    void eachQueryIsFlooredAtItsOwnLowestAndAQueryWithoutValuesIsLeftOut() {
        TestSpe spe = new TestSpe()
                .query("a", List.of("S", "X"), "S>X").query("b", List.of("T", "Y"), "T>Y")
                .query("c", List.of("U", "Z"), "U>Z")
                .operator("X#0", "a", "X").operator("Y#0", "b", "Y").operator("Z#0", "c", "Z")
                .main("X#0").helper("a-timer", ThreadKind.TIMER, "a", null, "timer-a")
                .main("Y#0").helper("b-timer", ThreadKind.TIMER, "b", null, "timer-b")
                .main("Z#0").helper("c-timer", ThreadKind.TIMER, "c", null, "timer-c")
                .metric(MetricNames.QUEUE_SIZE, "X#0", 70).metric(MetricNames.QUEUE_SIZE, "Y#0", 3);

        assertThat(priorities(guardedQs.schedule(spe.input(guardedQs)))).containsExactly(
                entry("X#0-main", 70.0), entry("a-timer", 70.0), entry("Y#0-main", 3.0), entry("b-timer", 3.0));
    }

    @Test
    void aThreadThatSpinsOnAnyQueueOfItsWorkerIsLeftOutOfRealTimeWhateverItsPriority() {
        // A Storm 1.x flush-pool thread publishes into whichever ring it flushes: no consumer can be
        // named, so no real-time level is safe for it, neither the floor the timer beside it gets
        // nor the priority a policy gave it.
        TestSpe spe = new TestSpe().query("a", List.of("S", "X"), "S>X")
                .operator("X#0", "a", "X")
                .main("X#0").helper("a-timer", ThreadKind.TIMER, "a", null, "timer-a")
                .spinningHelper("a-flush", ThreadKind.TIMER, "a", null, "worker@1", OperatorThread.ANY_QUEUE)
                .metric(MetricNames.QUEUE_SIZE, "X#0", 70);
        RealTimeGuard guardedStatic = new RealTimeGuard(new StaticPolicy("static",
                new StaticPolicy.Settings(Map.of("X", 1.0), 90.0)));

        assertThat(priorities(guardedQs.schedule(spe.input(guardedQs))))
                .containsExactly(entry("X#0-main", 70.0), entry("a-timer", 70.0));
        assertThat(priorities(guardedStatic.schedule(spe.input(guardedStatic))))
                .containsEntry("a-timer", 90.0).doesNotContainKey("a-flush");
    }

    @Test
    void theMetricsReporterTheJvmsServiceThreadsAndTheHeartbeatAreHandedToTheTranslatorAsLookouts() {
        // The reporter publishes no queue; without the lookout rule it would not be in the schedule,
        // and the rt translator, which places lookouts level with the query's top thread, would not see it.
        TestSpe spe = new TestSpe().query("a", List.of("S", "X", "Y"), "S>X", "X>Y")
                .operator("X#0", "a", "X").operator("Y#0", "a", "Y")
                .main("X#0").main("Y#0").helper("a-timer", ThreadKind.TIMER, "a", null, "timer-a")
                .helper("a-reporter", ThreadKind.REPORTER, "a", null, "metrics-graphite-reporter-1-thread-1")
                .helper("a-vm", ThreadKind.RUNTIME, "a", null, "VM Thread")
                .helper("a-zk", ThreadKind.LIVENESS, "a", null, "main-SendThread(localhost:2000)")
                .metric(MetricNames.QUEUE_SIZE, "X#0", 70).metric(MetricNames.QUEUE_SIZE, "Y#0", 3);

        Schedule schedule = guardedQs.schedule(spe.input(guardedQs));

        assertThat(priorities(schedule)).containsExactly(entry("X#0-main", 70.0), entry("Y#0-main", 3.0),
                entry("a-timer", 3.0), entry("a-reporter", 3.0), entry("a-vm", 3.0), entry("a-zk", 3.0));
        assertThat(TestSpe.entry(schedule, "a-reporter").metrics()).isEqualTo(Map.of(RealTimeGuard.LOOKOUT, 3.0));
    }

    @Test
    void theLookoutsNeverTakeTheSendersPriorityBeforeItsCap() {
        // QS-IO as in aSpinnerWhoseConsumerHasNoPriorityIsCappedAtTheQuerysLowest: A's sender asks
        // for 60 (its output queue) but is capped at B's 2. The reporter and the VM thread are handed
        // over as lookouts (RealTimeLookoutTest of the translators places them with A at 9).
        TestSpe spe = new TestSpe().query("q", List.of("S", "A", "B"), "S>A", "A>B")
                .operator("S#0", "q", "S").operator("A#0", "q", "A").operator("B#0", "q", "B")
                .main("S#0").main("A#0").spinningHelper("A-send", ThreadKind.SENDER, "q", "A#0", "A#0", "B#0")
                .main("B#0")
                .helper("q-reporter", ThreadKind.REPORTER, "q", null, "metrics-graphite-reporter-1-thread-1")
                .helper("q-vm", ThreadKind.RUNTIME, "q", null, "VM Thread")
                .metric(MetricNames.SOURCE_QUEUE, "S#0", 2).metric(MetricNames.QUEUE_SIZE, "A#0", 9)
                .metric(MetricNames.OUTPUT_QUEUE, "A#0", 60);
        RealTimeGuard guarded = new RealTimeGuard(new InputOutputQueuePolicy("qs-io",
                new QueueSizePolicy.Settings(null)));

        Schedule schedule = guarded.schedule(spe.input(guarded));

        assertThat(priorities(schedule)).containsExactly(entry("S#0-main", 2.0), entry("A#0-main", 9.0),
                entry("A-send", 2.0), entry("B#0-main", 2.0), entry("q-reporter", 2.0), entry("q-vm", 2.0));
        assertThat(TestSpe.entry(schedule, "q-vm").metrics()).isEqualTo(Map.of(RealTimeGuard.LOOKOUT, 2.0));
    }

    @Test
    void keepsTheGoalAndTheNameAndRefusesGroupingPolicies() {
        Schedule schedule = guardedQs.schedule(WorkedExamples.chain().input(guardedQs));

        assertThat(schedule.policy()).isEqualTo("qs");
        assertThat(schedule.goal()).isEqualTo(new QueueSizePolicy("qs", new QueueSizePolicy.Settings(null))
                .schedule(WorkedExamples.chain().input(guardedQs)).goal());
        QueryGroupsPolicy grouping = new QueryGroupsPolicy("g", new QueryGroupsPolicy.Settings(null, null));
        assertThatThrownBy(() -> new RealTimeGuard(grouping))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
