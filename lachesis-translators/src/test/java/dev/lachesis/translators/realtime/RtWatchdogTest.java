package dev.lachesis.translators.realtime;

import static dev.lachesis.translators.Schedules.single;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.lachesis.translators.CgroupSettings;
import dev.lachesis.translators.FakeProc;
import dev.lachesis.translators.RecordingKernel;
import dev.lachesis.core.config.ConfigNode;
import dev.lachesis.core.model.ThreadRef;
import dev.lachesis.translators.realtime.OperatorIntervals.Interval;
import dev.lachesis.translators.realtime.QueryProgress.Reading;
import dev.lachesis.translators.journal.RestoreJournal;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The watchdog on its own thread against a temporary /proc and fake canaries: a runnable RT thread
 * that gets no CPU trips it unless its query progresses; a canary trips it once it waited the stall
 * beyond what RT throttling allows. Process 100 has a normal thread, {@code helper}, and two the
 * translator makes real-time, of query {@code q} of SPE {@code spe}. A test that expects no trip
 * waits for seven looks: looks start at least a period apart, so the sixth is at least the stall
 * after the first, and the seventh begins only after the sixth has reported what it found.
 */
class RtWatchdogTest {
    private static final QueryKey Q = new QueryKey("spe", "q");
    private static final Map<ThreadRef, QueryKey> RT_THREADS = Map.of(new ThreadRef(100, 102), Q, new ThreadRef(100, 103), Q);
    private static final ThreadRef CANARY = new ThreadRef(200, 201);
    private static final OperatorKey PRODUCER = new OperatorKey("spe", "producer#0");
    private static final Map<ThreadRef, OperatorKey> OPERATOR_THREADS = Map.of(new ThreadRef(100, 102), PRODUCER,
            new ThreadRef(100, 103), new OperatorKey("spe", "consumer#0"));
    private static final long MS = 1_000_000;

    @TempDir
    Path tmp;
    private FakeProc proc;
    private final RecordingKernel kernel = new RecordingKernel();
    private final AtomicInteger looks = new AtomicInteger();
    private final List<String> reasons = new CopyOnWriteArrayList<>();
    /** What the watchdog lent and gave back, in order: "lend [refs]" and "end". */
    private final List<String> loans = new CopyOnWriteArrayList<>();
    private final AtomicReference<Reading> progress = new AtomicReference<>();
    private final AtomicReference<Interval> producerInterval = new AtomicReference<>();
    /** How often the producer sleeps in each 50-ms step of {@link #runProducerBusyUntil}. */
    private long sleepsPerStep;
    private long sleeps;
    /** The watchdog's clock, moved by hand in the tests that build the watchdog themselves. */
    private final AtomicLong clock = new AtomicLong(1_000 * MS);
    private final List<Set<Integer>> canaryCpus = new CopyOnWriteArrayList<>();

    @BeforeEach
    void setUp() {
        proc = new FakeProc(tmp.resolve("proc"));
        proc.thread(100, 101, "helper").thread(100, 102, "producer").thread(100, 103, "consumer");
        proc.cpusAllowed(100, "0-1").rtRuntime(950_000).thread(200, 201, "canary");
    }

    private RealTimeTranslator translator() throws Exception {
        RealTimeSettings settings = RealTimeSettings.bind(ConfigNode.ofYaml("s",
                "{watchdog: {period: 20ms, stall: 100ms, backoff: 1m}}"));
        return new RealTimeTranslator("qs", settings, kernel, proc.procFs, null,
                RestoreJournal.open(tmp.resolve("journal")), new CgroupSettings("/lachesis", null));
    }

    private RtWatchdog watchdog() {
        return watchdog(RT_THREADS);
    }

    private RtWatchdog watchdog(Map<ThreadRef, QueryKey> rtThreads) {
        Canaries canaries = new Canaries() {
            @Override
            public void watch(Set<Integer> cpus) {
            }

            @Override
            public Map<Integer, ThreadRef> threads(Set<Integer> cpus) {
                canaryCpus.add(cpus);
                return Map.of(1, CANARY);
            }

            @Override
            public void close() {
            }
        };
        WatchdogSettings settings = new WatchdogSettings(true, Duration.ofMillis(10), Duration.ofMillis(50),
                Duration.ofSeconds(3), Duration.ofMinutes(1), Duration.ofMillis(400));
        WatchdogActions actions = new WatchdogActions() {
            @Override
            public void demoteAll(String reason) {
                reasons.add(reason);
            }

            @Override
            public void lendTop(List<ThreadRef> threads) {
                loans.add("lend " + threads);
            }

            @Override
            public void endLoans() {
                if (!loans.isEmpty() && !loans.get(loans.size() - 1).equals("end")) {
                    loans.add("end");
                }
            }
        };
        return new RtWatchdog("qs", kernel, proc.procFs, null, settings, canaries, () -> {
            looks.incrementAndGet();
            return rtThreads;
        }, () -> OPERATOR_THREADS, q -> q.equals(Q) ? Optional.ofNullable(progress.get()) : Optional.empty(),
                op -> op.equals(PRODUCER) ? Optional.ofNullable(producerInterval.get()) : Optional.empty(), actions,
                clock::get, () -> clock.get() / MS);
    }

    private void awaitSevenLooks() {
        int from = looks.get();
        await().atMost(Duration.ofSeconds(5)).until(() -> looks.get() >= from + 7);
    }

    @Test
    void aStarvedRtThreadOfAQueryWithoutProgressMakesTheTranslatorDemoteEveryRtThread() throws Exception {
        try (RealTimeTranslator translator = translator()) {
            translator.apply(translator.plan(single(100, 102, 9, 103, 1)));
            // the consumer wants to run but its run time stands still
            proc.runnable(100, 1000, 103, "consumer", 5_000);
            // The back-off starts once every RT thread is demoted, under the translator's lock.
            await().atMost(Duration.ofSeconds(5)).until(translator::isBackingOff);
            assertThat(kernel.callsStartingWith("setScheduler 10")).containsExactly("setScheduler 102 RR 99",
                    "setScheduler 103 RR 1", "setScheduler 102 OTHER 0", "setScheduler 103 OTHER 0");
            assertThat(kernel.calls).as("the watchdog raised itself to the top RT priority").contains("setScheduler 1 FIFO 99");
        }
    }

    @Test
    void aStarvedRtThreadIsLetBeWhileItsQueryProgressesAndTripsOnceItStops() {
        progress.set(new Reading(9_800, clock.get(), 0, 0));
        proc.runnable(100, 1000, 103, "consumer", 5_000);
        try (RtWatchdog watchdog = watchdog()) {
            watchdog.start();
            awaitSevenLooks();
            clock.addAndGet(600 * MS);
            awaitSevenLooks();
            assertThat(reasons).as("the consumer starved 600 ms while the query processed tuples").isEmpty();

            progress.set(new Reading(9_800, clock.get() - 600 * MS, 5, 0));
            await().atMost(Duration.ofSeconds(5)).until(() -> !reasons.isEmpty());
            assertThat(reasons.get(0)).isEqualTo("thread 'consumer' (100/103) was runnable but got no CPU for 600 ms"
                    + " and query 'q' of SPE 'spe' makes no progress: its operators processed 0 tuples/s in 5 rounds"
                    + " since they last processed any (9800 tuples/s, read 600 ms ago)");
        }
    }

    /**
     * The producer runs through its operator's newest interval, from 2 s to 3 s on the watchdog's wall
     * clock (which reads the test's clock), while the consumer, runnable too, gets none; the query's
     * last reading still shows it processing (a replica of the operator works on).
     */
    @Test
    void aThreadThatRanThroughAnIntervalInWhichItsOperatorWithWorkWaitingDidNothingSpins() {
        producerInterval.set(new Interval(0, 2, 3, true, false));
        runProducerBusyUntil(4_000);
        await().atMost(Duration.ofSeconds(5)).until(() -> !reasons.isEmpty());
        assertThat(reasons.get(0)).startsWith("thread 'producer' (100/102) of operator 'producer#0' of SPE 'spe' ran")
                .endsWith("while its operator, with tuples waiting, processed and emitted none from 2 to 3 (epoch"
                        + " seconds): it spins");
    }

    /** Beyond saturation the thread a policy raises runs alone too, but its operator processes tuples. */
    @Test
    void aThreadBusyThroughAnIntervalInWhichItsOperatorProcessedTuplesIsLetBe() {
        producerInterval.set(new Interval(950, 2, 3, true, false));
        runProducerBusyUntil(4_000);
        assertThat(reasons).as("the producer works; the consumer starves as the policy intends").isEmpty();
    }

    /** An idle thread polling its empty queue takes CPU without processing anything, and is no livelock. */
    @Test
    void aThreadBusyThroughAnIntervalInWhichNoTupleWaitedForItsOperatorIsLetBe() {
        producerInterval.set(new Interval(0, 2, 3, false, false));
        runProducerBusyUntil(4_000);
        assertThat(reasons).isEmpty();
    }

    /**
     * Storm 2's back-pressure wait spins and yields, then parks: an executor whose consumer's queue
     * is full burns CPU without processing, but it sleeps between its tries; it waits for the
     * consumer, whose starvation the query rule judges.
     */
    @Test
    void aThreadBusyThroughAnIntervalInWhichItsOperatorDidNothingButSleptBetweenTriesIsLetBe() {
        producerInterval.set(new Interval(0, 2, 3, true, false));
        sleepsPerStep = 3;
        runProducerBusyUntil(4_000);
        assertThat(reasons).isEmpty();
    }

    /**
     * A stalled reporter stamps a report when it begins and reads the counters seconds later: an
     * interval that reached the daemon late may show nothing for an operator that worked throughout.
     */
    @Test
    void aThreadBusyThroughAnIntervalThatCameLateIsLetBe() {
        producerInterval.set(new Interval(0, 2, 3, true, true));
        runProducerBusyUntil(4_000);
        assertThat(reasons).isEmpty();
    }

    /**
     * Moves the clock from 1 s to {@code untilMillis} in steps of 50 ms, the producer runnable and running
     * all of it (sleeping {@link #sleepsPerStep} times a step), the consumer runnable and getting nothing,
     * the query progressing; two looks per step.
     */
    private void runProducerBusyUntil(long untilMillis) {
        progress.set(new Reading(1_568, clock.get(), 0, 0));
        proc.runnable(100, 1000, 103, "consumer", 5_000);
        try (RtWatchdog watchdog = watchdog()) {
            watchdog.start();
            while (reasons.isEmpty() && clock.get() < untilMillis * MS) {
                clock.addAndGet(50 * MS);
                progress.set(new Reading(1_568, clock.get(), 0, 0));
                proc.runnable(100, 1000, 102, "producer", clock.get());
                sleeps += sleepsPerStep;
                proc.slept(100, 102, sleeps);
                int from = looks.get();
                await().atMost(Duration.ofSeconds(5)).until(() -> looks.get() >= from + 2);
            }
        }
    }

    @Test
    void aThreadOfAProgressingQueryStarvedForLendAfterIsLentTheTopPriorityUntilTheNextLook() {
        progress.set(new Reading(9_800, clock.get(), 0, 0));
        proc.runnable(100, 1000, 103, "consumer", 5_000);
        try (RtWatchdog watchdog = watchdog()) {
            watchdog.start();
            awaitSevenLooks();
            clock.addAndGet(399 * MS);
            awaitSevenLooks();
            assertThat(loans).as("399 ms without CPU: the policy's starvation, nothing lent yet").isEmpty();

            clock.addAndGet(1 * MS);
            await().atMost(Duration.ofSeconds(5)).until(() -> loans.contains("end"));
            assertThat(loans.subList(0, 2)).containsExactly("lend [100/103]", "end");
            assertThat(reasons).isEmpty();
        }
    }

    @Test
    void progressLongerAgoThanTheProgressAgeNoLongerExcuses() {
        progress.set(new Reading(9_800, clock.get(), 0, 0));
        proc.runnable(100, 1000, 103, "consumer", 5_000);
        try (RtWatchdog watchdog = watchdog()) {
            watchdog.start();
            awaitSevenLooks();
            clock.addAndGet(3_000 * MS);
            awaitSevenLooks();
            assertThat(reasons).isEmpty();

            clock.addAndGet(1 * MS);
            await().atMost(Duration.ofSeconds(5)).until(() -> !reasons.isEmpty());
            assertThat(reasons.get(0)).endsWith("has shown no progress for longer than the 3000 ms progress age: its"
                    + " operators last processed tuples (9800 tuples/s, read 3001 ms ago)");
        }
    }

    @Test
    void aStarvedNormalThreadIsNotWatched() {
        proc.runnable(100, 1000, 101, "helper", 5_000);
        try (RtWatchdog watchdog = watchdog()) {
            watchdog.start();
            awaitSevenLooks();
            clock.addAndGet(600 * MS);
            awaitSevenLooks();
            assertThat(reasons).as("the helper starved for the stall time but is not real-time").isEmpty();
        }
    }

    @Test
    void aCanaryMayWaitWhatThrottlingAllowsPlusTheStall() {
        proc.runnable(200, 1000, 201, "canary", 7_000);
        try (RtWatchdog watchdog = watchdog()) {
            watchdog.start();
            awaitSevenLooks();
            assertThat(canaryCpus).as("canaries watch the CPUs the RT threads' process may use").first()
                    .isEqualTo(Set.of(0, 1));
            clock.addAndGet(2_000 * MS);
            awaitSevenLooks();
            assertThat(reasons).as("950 ms that RT threads may hold the CPU, a period and the 50 ms stall").isEmpty();

            clock.addAndGet(1 * MS);
            await().atMost(Duration.ofSeconds(5)).until(() -> !reasons.isEmpty());
            assertThat(reasons.get(0)).isEqualTo("the daemon's canary on CPU 1, a SCHED_OTHER thread, got no CPU for"
                    + " 2001 ms, more than the 50 ms stall beyond the 1950 ms it may wait (real-time threads may hold a"
                    + " CPU for 950 ms of every 1000 ms (sched_rt_runtime_us 950000 of sched_rt_period_us 1000000)):"
                    + " nothing but real-time threads runs there");
        }
    }

    @Test
    void withoutThrottlingACanaryMayWaitOnlyTheStall() {
        proc.rtRuntime(-1).runnable(200, 1000, 201, "canary", 7_000);
        try (RtWatchdog watchdog = watchdog()) {
            watchdog.start();
            awaitSevenLooks();
            clock.addAndGet(51 * MS);
            await().atMost(Duration.ofSeconds(5)).until(() -> !reasons.isEmpty());
            assertThat(reasons.get(0)).startsWith("the daemon's canary on CPU 1, a SCHED_OTHER thread, got no CPU for"
                    + " 51 ms").contains("nothing throttles real-time threads");
        }
    }

    @Test
    void aSleepingCanaryIsFine() {
        proc.rtRuntime(-1);
        try (RtWatchdog watchdog = watchdog()) {
            watchdog.start();
            awaitSevenLooks();
            clock.addAndGet(10_000 * MS);
            awaitSevenLooks();
            assertThat(reasons).as("a canary asleep got the CPU when it woke last").isEmpty();
        }
    }
}
