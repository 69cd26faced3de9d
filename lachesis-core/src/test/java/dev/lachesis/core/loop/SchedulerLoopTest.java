package dev.lachesis.core.loop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lachesis.core.logging.ConditionLog;
import dev.lachesis.core.metric.MetricNames;
import dev.lachesis.core.schedule.Schedule;
import dev.lachesis.core.schedule.ScheduleForm;
import dev.lachesis.core.spi.Policy;
import dev.lachesis.core.spi.PolicyInput;
import dev.lachesis.core.testing.FakeOrderPolicyFactory;
import dev.lachesis.core.testing.FakeResolver;
import dev.lachesis.core.testing.LogCapture;
import dev.lachesis.core.testing.ScriptedPolicy;
import dev.lachesis.core.testing.ManualClock;
import dev.lachesis.core.testing.RecordingTranslator;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntConsumer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class SchedulerLoopTest {
    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00.001Z");

    private final ManualClock clock = new ManualClock(T0);
    private final ScriptedDriver storm = new ScriptedDriver("storm");
    private final ScriptedDriver flink = new ScriptedDriver("flink");
    private final RecordingTranslator fastTranslator = new RecordingTranslator("fake-nice", ScheduleForm.SINGLE_PRIORITY);
    private final RecordingTranslator slowTranslator = new RecordingTranslator("fake-nice", ScheduleForm.SINGLE_PRIORITY);
    private final FakeResolver resolver = new FakeResolver();

    @BeforeEach
    void registerMetrics() {
        resolver.register(Set.of(MetricNames.INPUT_QUEUE));
    }

    private SchedulerLoop loop(Policy slowPolicy) {
        return new SchedulerLoop(new Assembly(
                List.of(new Spe("storm", storm), new Spe("flink", flink)),
                List.of(new ScheduledPolicy("fast", new FakeOrderPolicyFactory.QueueOrder("fast"), Duration.ofSeconds(1),
                                List.of("storm"), fastTranslator),
                        new ScheduledPolicy("slow", slowPolicy, Duration.ofSeconds(3), List.of("storm", "flink"),
                                slowTranslator)),
                resolver, List.of()), clock);
    }

    private SchedulerLoop loop() {
        return loop(new FakeOrderPolicyFactory.QueueOrder("slow"));
    }

    private static Instant at(double seconds) {
        return T0.plusMillis(Math.round(seconds * 1000));
    }

    @Test
    void eachPolicyRunsWhenItsOwnPeriodIsDue() {
        SchedulerLoop loop = loop();

        assertThat(loop.runRound(at(0)).report().completed()).containsExactly("fast", "slow");
        assertThat(loop.nextWakeUp()).isEqualTo(at(1));
        assertThat(loop.runRound(at(1)).report().completed()).containsExactly("fast");
        assertThat(loop.runRound(at(2)).report().completed()).containsExactly("fast");
        assertThat(loop.runRound(at(3)).report().completed()).containsExactly("fast", "slow");
        assertThat(fastTranslator.history()).hasSize(4);
        assertThat(slowTranslator.history()).hasSize(2);
    }

    @Test
    void aReloadKeepsTheThreadsATranslatorTakesOverAndRestoresTheOthersThreadsFirst() {
        SchedulerLoop loop = loop();
        loop.runRound(at(0));
        Map<Integer, Long> fastThreads = fastTranslator.applied();
        assertThat(fastThreads).isNotEmpty();
        RecordingTranslator nextFast = new RecordingTranslator("fake-nice", ScheduleForm.SINGLE_PRIORITY);
        RecordingTranslator nextSlow = new RecordingTranslator("fake-rt", ScheduleForm.SINGLE_PRIORITY);
        ScriptedDriver nextStorm = new ScriptedDriver("storm");

        loop.replace(new Assembly(List.of(new Spe("storm", nextStorm)),
                List.of(new ScheduledPolicy("fast", new FakeOrderPolicyFactory.QueueOrder("fast"), Duration.ofSeconds(1),
                                List.of("storm"), nextFast),
                        new ScheduledPolicy("slow", new FakeOrderPolicyFactory.QueueOrder("slow"), Duration.ofSeconds(2),
                                List.of("storm"), nextSlow)),
                resolver, List.of()));

        assertThat(nextFast.applied()).as("taken over, not restored").isEqualTo(fastThreads);
        assertThat(fastTranslator.restored()).isZero();
        assertThat(slowTranslator.isClosed()).isTrue();
        assertThat(slowTranslator.restored()).as("a translator of another kind restores first").isPositive();
        assertThat(storm.isClosed()).isTrue();
        assertThat(flink.isClosed()).isTrue();
        assertThat(loop.policies()).extracting(ScheduledPolicy::name).containsExactly("fast", "slow");

        assertThat(loop.runRound(at(0.5)).report().completed())
                .as("a policy whose period changed is due at once; the other keeps its phase").containsExactly("slow");
        assertThat(loop.runRound(at(1)).report().completed()).containsExactly("fast");
        assertThat(nextStorm.refreshes()).isEqualTo(2);
        loop.close();
        assertThat(nextFast.restored()).isEqualTo(fastThreads.size());
        assertThat(nextStorm.isClosed()).isTrue();
    }

    @Test
    void aReloadForgetsTheFailingConditionsOfAnSpeTheFileNoLongerHas() {
        SchedulerLoop loop = loop();
        flink.failWith("no such process");
        loop.runRound(at(0));
        assertThat(loop.activeConditions()).extracting(ConditionLog.Active::key).contains("spe flink");

        loop.replace(new Assembly(List.of(new Spe("storm", new ScriptedDriver("storm"))),
                List.of(new ScheduledPolicy("fast", new FakeOrderPolicyFactory.QueueOrder("fast"), Duration.ofSeconds(1),
                        List.of("storm"), new RecordingTranslator("fake-nice", ScheduleForm.SINGLE_PRIORITY))),
                resolver, List.of()));

        assertThat(loop.activeConditions()).extracting(ConditionLog.Active::key)
                .doesNotContain("spe flink", "policy slow");
        loop.close();
    }

    @Test
    void aClosedLoopRefusesAReloadAndClosesWhatItWasGiven() {
        SchedulerLoop loop = loop();
        loop.close();
        RecordingTranslator next = new RecordingTranslator("fake-nice", ScheduleForm.SINGLE_PRIORITY);
        ScriptedDriver nextStorm = new ScriptedDriver("storm");
        Assembly assembly = new Assembly(List.of(new Spe("storm", nextStorm)),
                List.of(new ScheduledPolicy("fast", new FakeOrderPolicyFactory.QueueOrder("fast"), Duration.ofSeconds(1),
                        List.of("storm"), next)), resolver, List.of());

        assertThatThrownBy(() -> loop.replace(assembly))
                .isInstanceOf(IllegalStateException.class);
        assertThat(next.isClosed()).isTrue();
        assertThat(nextStorm.isClosed()).isTrue();
    }

    @Test
    void eachTranslatorObservesTheRoundItsPolicySchedulesFrom() {
        SchedulerLoop loop = loop();

        loop.runRound(at(0));
        loop.runRound(at(1));

        assertThat(fastTranslator.observed()).extracting(PolicyInput::now).containsExactly(at(0), at(1));
        assertThat(fastTranslator.observed().get(1).spes()).singleElement().satisfies(round -> {
            assertThat(round.state().speName()).isEqualTo("storm");
            assertThat(round.metrics()).containsKey(MetricNames.INPUT_QUEUE);
        });
        assertThat(slowTranslator.observed()).singleElement().satisfies(round ->
                assertThat(round.spes()).extracting(r -> r.state().speName()).containsExactly("storm", "flink"));
    }

    @Test
    void aTranslatorAlsoObservesTheRoundsItsPolicyCannotRunIn() {
        SchedulerLoop loop = loop();
        flink.failWith("no Flink cluster at 127.0.0.1:8081");

        loop.runRound(at(0));

        assertThat(slowTranslator.history()).as("the policy kept its last priorities").isEmpty();
        assertThat(slowTranslator.observed()).singleElement().satisfies(round ->
                assertThat(round.spes()).extracting(r -> r.state().speName()).containsExactly("storm"));
    }

    @Test
    void aRoundOnlyRefreshesTheSpesItsDuePoliciesSchedule() {
        SchedulerLoop loop = loop();
        loop.runRound(at(0));

        loop.runRound(at(1));

        assertThat(storm.refreshes()).isEqualTo(2);
        assertThat(flink.refreshes()).isEqualTo(1);
    }

    @Test
    void aLateRoundKeepsEachPolicysPhase() {
        SchedulerLoop loop = loop();
        loop.runRound(at(0));

        assertThat(loop.runRound(at(3.5)).report().completed()).containsExactly("fast", "slow");

        assertThat(loop.nextWakeUp()).isEqualTo(at(4));
        assertThat(loop.runRound(at(4)).report().completed()).containsExactly("fast");
        assertThat(loop.runRound(at(6)).report().completed()).containsExactly("fast", "slow");
    }

    @Test
    void anSpeThatCannotBeSeenIsLoggedOnceAndItsThreadsKeepTheirLastPriorities() {
        SchedulerLoop loop = loop();
        loop.runRound(at(0));
        Map<Integer, Long> applied = fastTranslator.applied();
        assertThat(applied).containsEntry(5001, -20L);

        try (LogCapture log = new LogCapture(ConditionLog.class)) {
            storm.failWith("worker 4242 is gone");
            RoundReport failed = loop.runRound(at(1)).report();
            loop.runRound(at(2));
            loop.runRound(at(3));

            assertThat(failed.outcome()).isEqualTo(RoundReport.Outcome.FAILED);
            assertThat(failed.problems()).containsExactly("SPE 'storm' cannot be seen: worker 4242 is gone",
                    "policy 'fast' kept its last priorities: an SPE it schedules could not be seen");
            assertThat(fastTranslator.applied()).isEqualTo(applied);
            assertThat(fastTranslator.history()).hasSize(1);

            storm.recover();
            assertThat(loop.runRound(at(4)).report().outcome()).isEqualTo(RoundReport.Outcome.OK);

            assertThat(log.lines()).containsExactly(
                    "WARN SPE 'storm' cannot be seen: worker 4242 is gone (keeping the last applied priorities until"
                            + " this clears)",
                    "INFO Recovered after 3 failed round(s): spe storm");
        }
        assertThat(fastTranslator.history()).hasSize(2);
    }

    @Test
    void aTranslatorTheKernelRefusesIsLoggedOnceWhileOtherPoliciesStillApply() {
        SchedulerLoop loop = loop();
        slowTranslator.refuseWith("sched_setscheduler(5000, SCHED_RR, 50) failed: EPERM; run as root");

        try (LogCapture log = new LogCapture(ConditionLog.class)) {
            RoundReport first = loop.runRound(at(0)).report();
            loop.runRound(at(3));

            assertThat(first.outcome()).isEqualTo(RoundReport.Outcome.PARTIAL);
            assertThat(first.completed()).containsExactly("fast");
            assertThat(log.lines()).containsExactly("WARN policy 'slow' could not apply its schedule: "
                    + "sched_setscheduler(5000, SCHED_RR, 50) failed: EPERM; run as root (keeping the last applied"
                    + " priorities until this clears)");
        }
        assertThat(fastTranslator.history()).hasSize(2);
        assertThat(slowTranslator.applied()).isEmpty();
    }

    @Test
    @SuppressWarnings("try") // the capture only keeps the expected failure out of the build output
    void aPlugInThatThrowsFailsTheRoundNotTheLoop() {
        SchedulerLoop loop = loop(new ScriptedPolicy(ScheduleForm.SINGLE_PRIORITY, input -> {
            throw new IllegalStateException("no queue for split-1");
        }));
        storm.crashWith(new IllegalArgumentException("unparsable thread name"));

        RoundReport crashed;
        RoundReport next;
        try (LogCapture log = new LogCapture(ConditionLog.class)) {
            crashed = loop.runRound(at(0)).report();
            storm.recover();
            next = loop.runRound(at(3)).report();
        }

        assertThat(crashed.problems()).startsWith(
                "the driver of SPE 'storm' failed: java.lang.IllegalArgumentException: unparsable thread name");
        assertThat(next.completed()).containsExactly("fast");
        assertThat(next.problems()).containsExactly(
                "policy 'slow' failed: java.lang.IllegalStateException: no queue for split-1");
    }

    @Test
    void keepsTheReportsOfTheLastRounds() {
        SchedulerLoop loop = loop();
        for (int i = 0; i < SchedulerLoop.HISTORY + 3; i++) {
            loop.runRound(at(i));
        }

        List<RoundReport> reports = loop.recentRounds();

        assertThat(reports).hasSize(SchedulerLoop.HISTORY);
        assertThat(reports.get(0).startedAt()).isEqualTo(at(3));
        assertThat(reports.get(reports.size() - 1).startedAt()).isEqualTo(at(SchedulerLoop.HISTORY + 2));
    }

    @Test
    void runOnceRunsEveryPolicyAndADryRunTouchesNoThread() {
        SchedulerLoop loop = loop();

        RoundResult planned = loop.runOnce(false);

        assertThat(planned.plans()).containsOnlyKeys("fast", "slow");
        assertThat(planned.states()).containsOnlyKeys("storm", "flink");
        assertThat(fastTranslator.history()).isEmpty();
        assertThat(slowTranslator.history()).isEmpty();

        loop.runOnce(true);

        assertThat(fastTranslator.history()).hasSize(1);
        assertThat(slowTranslator.history()).hasSize(1);
    }

    @Test
    void closeRestoresEveryThreadAndReleasesTheDrivers() {
        SchedulerLoop loop = loop();
        loop.runRound(at(0));
        assertThat(fastTranslator.applied()).isNotEmpty();

        loop.close();
        loop.close();

        assertThat(fastTranslator.isClosed()).isTrue();
        assertThat(fastTranslator.applied()).isEmpty();
        assertThat(slowTranslator.isClosed()).isTrue();
        assertThat(storm.isClosed()).isTrue();
        assertThat(flink.isClosed()).isTrue();
    }

    @Test
    void aStartedLoopStopsOnCloseAndRestores() throws InterruptedException {
        SchedulerLoop loop = loop();
        loop.start();

        loop.close();

        assertThat(loop.awaitTermination()).isTrue();
        assertThat(fastTranslator.isClosed()).isTrue();
    }

    @Test
    @Timeout(60) // without the bound, close() would wait for the stuck round forever
    @SuppressWarnings("try") // lateRound is only opened to keep the late round's warnings off the console
    void aRoundThatHangsDoesNotKeepCloseFromRestoringTheThreads() throws InterruptedException {
        CountDownLatch stuck = new CountDownLatch(1);
        CountDownLatch released = new CountDownLatch(1);
        SchedulerLoop loop = new SchedulerLoop(new Assembly(List.of(new Spe("storm", storm)),
                List.of(new ScheduledPolicy("hangs", queueOrderCalling("hangs", call -> {
                    if (call == 2) {
                        stuck.countDown();
                        awaitUninterruptibly(released);
                    }
                }), Duration.ofSeconds(1), List.of("storm"), fastTranslator)), resolver, List.of()),
                clockOneSecondLaterOnEveryRead(), true, round -> { }, Duration.ofMillis(50));

        try (LogCapture log = new LogCapture(SchedulerLoop.class);
             LogCapture lateRound = new LogCapture(ConditionLog.class)) {
            loop.start();
            assertThat(stuck.await(30, TimeUnit.SECONDS)).as("the second round hangs").isTrue();

            loop.close();

            assertThat(fastTranslator.isClosed()).isTrue();
            assertThat(fastTranslator.applied()).isEmpty();
            assertThat(storm.isClosed()).isTrue();
            assertThat(log.lines()).contains(
                    "WARN The round in flight did not end within 0.05 s of the stop; restoring threads without it");
            released.countDown();
            assertThat(loop.awaitTermination()).isTrue();
        } finally {
            released.countDown();
        }
        assertThat(fastTranslator.history()).as("the late round applied nothing").hasSize(1);
    }

    /** The fake queue-order policy {@code name}, which first tells {@code onCall} the number of this call (from 1). */
    private static Policy queueOrderCalling(String name, IntConsumer onCall) {
        Policy delegate = new FakeOrderPolicyFactory.QueueOrder(name);
        AtomicInteger calls = new AtomicInteger();
        return new ScriptedPolicy(delegate.form(), input -> {
            onCall.accept(calls.incrementAndGet());
            return delegate.schedule(input);
        });
    }

    private static void awaitUninterruptibly(CountDownLatch latch) {
        boolean interrupted = false;
        while (true) {
            try {
                latch.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    @SuppressWarnings("try") // the capture only keeps the expected failure out of the build output
    void aStartedLoopKeepsSchedulingAfterAFailedRound() throws InterruptedException {
        CountDownLatch threeRounds = new CountDownLatch(3);
        // Every round, not the loop's bounded history: on this clock the loop never sleeps, and a test
        // thread woken late would find the first rounds gone from recentRounds().
        List<RoundReport> rounds = Collections.synchronizedList(new ArrayList<>());
        SchedulerLoop loop = new SchedulerLoop(new Assembly(List.of(new Spe("storm", storm)),
                List.of(new ScheduledPolicy("flaky", queueOrderCalling("flaky", call -> {
                    if (call == 1) {
                        throw new IllegalStateException("first round has no metrics yet");
                    }
                }), Duration.ofSeconds(1), List.of("storm"), fastTranslator)), resolver, List.of()),
                clockOneSecondLaterOnEveryRead(), true, round -> {
                    rounds.add(round.report());
                    threeRounds.countDown();
                });

        try (LogCapture log = new LogCapture(ConditionLog.class)) {
            loop.start();
            assertThat(threeRounds.await(30, TimeUnit.SECONDS)).as("three rounds ran").isTrue();
            loop.close();
        }

        assertThat(rounds.get(0).outcome()).isEqualTo(RoundReport.Outcome.FAILED);
        assertThat(rounds.get(1).outcome()).isEqualTo(RoundReport.Outcome.OK);
        assertThat(fastTranslator.history()).hasSizeGreaterThanOrEqualTo(2);
        assertThat(fastTranslator.isClosed()).isTrue();
    }

    @Test
    void aDryRunLoopShowsEveryRoundToItsListenerAndTouchesNoThread() throws InterruptedException {
        CountDownLatch twoRounds = new CountDownLatch(2);
        List<RoundResult> seen = new CopyOnWriteArrayList<>();
        SchedulerLoop loop = new SchedulerLoop(new Assembly(List.of(new Spe("storm", storm)),
                List.of(new ScheduledPolicy("watch", new FakeOrderPolicyFactory.QueueOrder("watch"), Duration.ofSeconds(1),
                        List.of("storm"), fastTranslator)), resolver, List.of()),
                clockOneSecondLaterOnEveryRead(), false, round -> {
                    seen.add(round);
                    twoRounds.countDown();
                });

        loop.start();
        assertThat(twoRounds.await(30, TimeUnit.SECONDS)).as("two rounds ran").isTrue();
        loop.close();

        assertThat(seen).allSatisfy(round -> assertThat(round.plans()).containsOnlyKeys("watch"));
        assertThat(seen.get(0).plans().get("watch").threads()).isNotEmpty();
        assertThat(fastTranslator.history()).isEmpty();
    }

    private static Clock clockOneSecondLaterOnEveryRead() {
        AtomicReference<Instant> now = new AtomicReference<>(T0);
        return new Clock() {
            @Override
            public Instant instant() {
                return now.getAndUpdate(t -> t.plusSeconds(1));
            }

            @Override
            public ZoneId getZone() {
                return ZoneOffset.UTC;
            }

            @Override
            public Clock withZone(ZoneId zone) {
                return this;
            }
        };
    }

    @Test
    void whenTheLoopsThreadDiesEveryThreadIsRestored() throws InterruptedException {
        Clock everyReadOneSecondLater = clockOneSecondLaterOnEveryRead();
        SchedulerLoop loop = new SchedulerLoop(new Assembly(List.of(new Spe("storm", storm)),
                List.of(new ScheduledPolicy("dies", new ScriptedPolicy(ScheduleForm.SINGLE_PRIORITY, input -> {
                    throw new StackOverflowError("policy recursed forever");
                }), Duration.ofSeconds(1), List.of("storm"), fastTranslator)), resolver, List.of()),
                everyReadOneSecondLater);

        try (LogCapture log = new LogCapture(SchedulerLoop.class)) {
            loop.start();

            assertThat(loop.awaitTermination()).isFalse();
            assertThat(log.lines()).contains("ERROR Scheduler loop stopped by java.lang.StackOverflowError: policy"
                    + " recursed forever; restoring all threads");
        }
        assertThat(fastTranslator.isClosed()).isTrue();
        assertThat(storm.isClosed()).isTrue();
    }

    @Test
    void theFirstRoundStartsJustAfterTheNextSecondBoundary() {
        assertThat(SchedulerLoop.firstRoundAfter(Instant.parse("2026-01-01T12:00:00.300Z")))
                .isEqualTo(Instant.parse("2026-01-01T12:00:01.001Z"));
        assertThat(SchedulerLoop.firstRoundAfter(Instant.parse("2026-01-01T12:00:00Z")))
                .isEqualTo(Instant.parse("2026-01-01T12:00:01.001Z"));
    }
}
