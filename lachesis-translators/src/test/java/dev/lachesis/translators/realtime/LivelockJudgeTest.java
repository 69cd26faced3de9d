package dev.lachesis.translators.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.core.model.ThreadRef;
import dev.lachesis.translators.realtime.LivelockJudge.Demote;
import dev.lachesis.translators.realtime.LivelockJudge.Keep;
import dev.lachesis.translators.realtime.LivelockJudge.Spinning;
import dev.lachesis.translators.realtime.LivelockJudge.Starving;
import dev.lachesis.translators.realtime.LivelockJudge.Verdict;
import dev.lachesis.translators.realtime.QueryProgress.Reading;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The rules that tell a livelock from the starvation a strict-priority policy intends: a starving RT
 * thread is let be while its query's operators process tuples (in one of the last five rounds, at
 * most 30 s ago), and trips the watchdog when they never did, not in five rounds, or too long ago; a
 * CPU's canary trips it
 * once it waited the 500 ms stall beyond what RT throttling lets RT threads hold a CPU.
 */
class LivelockJudgeTest {
    private static final long MS = 1_000_000;
    private static final long NOW = 100_000 * MS;
    private static final QueryKey ETL = new QueryKey("storm", "etl-1");
    private static final QueryKey OTHER = new QueryKey("storm", "other-2");
    private static final RtThrottling THROTTLED = new RtThrottling(950_000, 1_000_000, "sched_rt_runtime_us 950000");
    private static final RtThrottling UNTHROTTLED = new RtThrottling(-1, 1_000_000, "sched_rt_runtime_us -1");

    private final LivelockJudge judge = new LivelockJudge(500 * MS, 30_000 * MS);
    private final Map<QueryKey, Reading> readings = new HashMap<>();
    private final List<Spinning> spinning = new ArrayList<>();

    private static Starving starving(int tid, QueryKey query) {
        return new Starving(new ThreadRef(100, tid), "Thread-" + tid + "-sink", 604 * MS, query);
    }

    private Verdict judge(Map<Integer, Long> canaries, RtThrottling throttling, Starving... threads) {
        return judge.judge(canaries, throttling, spinning, List.of(threads), q -> Optional.ofNullable(readings.get(q)),
                NOW);
    }

    @Test
    void aStarvingThreadOfAQueryThatProcessesTuplesIsLetBe() {
        readings.put(ETL, new Reading(9_800, NOW - 1_200 * MS, 2, 2));

        Verdict verdict = judge(Map.of(), THROTTLED, starving(101, ETL));

        assertThat(verdict).isInstanceOfSatisfying(Keep.class, keep -> assertThat(keep.excused()).singleElement()
                .satisfies(x -> {
                    assertThat(x.thread().thread()).isEqualTo(new ThreadRef(100, 101));
                    assertThat(x.progress().tuplesPerSecond()).isEqualTo(9_800);
                    assertThat(x.ageNanos()).isEqualTo(1_200 * MS);
                }));
    }

    @Test
    void aSpinningOperatorThreadTripsThoughItsQueryProgresses() {
        readings.put(ETL, new Reading(9_800, NOW - 596 * MS, 0, 0));
        spinning.add(new Spinning(new ThreadRef(100, 102), "Thread-102-heavy", new OperatorKey("storm", "heavy#3"),
                new OperatorIntervals.Interval(0, 1_764_000_001, 1_764_000_002, true, false),
                new RunTimeHistory.Ran(1_180 * MS, 1_200, 2)));

        assertThat(judge(Map.of(), THROTTLED, starving(101, ETL))).isEqualTo(new Demote("thread 'Thread-102-heavy'"
                + " (100/102) of operator 'heavy#3' of SPE 'storm' ran 1180 ms of CPU in 1200 ms while its operator, with"
                + " tuples waiting, processed and emitted none from 1764000001 to 1764000002 (epoch seconds): it spins"));
    }

    @Test
    void aStarvingThreadOfAQueryWithoutAnyReadingTripsAsBefore() {
        Verdict verdict = judge(Map.of(), THROTTLED, starving(101, ETL));

        assertThat(verdict).isEqualTo(new Demote("thread 'Thread-101-sink' (100/101) was runnable but got no CPU for"
                + " 604 ms and query 'etl-1' of SPE 'storm' has shown no progress: no round read its operators"
                + " processing tuples"));
    }

    @Test
    void fiveRoundsReadingZeroAreALivelock() {
        readings.put(ETL, new Reading(9_800, NOW - 2_600 * MS, 5, 2));

        assertThat(judge(Map.of(), THROTTLED, starving(101, ETL))).isEqualTo(new Demote("thread 'Thread-101-sink'"
                + " (100/101) was runnable but got no CPU for 604 ms and query 'etl-1' of SPE 'storm' makes no"
                + " progress: its operators processed 0 tuples/s in 5 rounds since they last processed any (9800"
                + " tuples/s, read 2600 ms ago); 2 more rounds had no value"));
    }

    @Test
    void roundsWithoutAValueOnlyAgeTheLastProgressAsTheMetricsGoDarkUnderIntendedStarvation() {
        readings.put(ETL, new Reading(9_800, NOW - 8_000 * MS, 4, 8));

        assertThat(judge(Map.of(), THROTTLED, starving(101, ETL))).isInstanceOf(Keep.class);
    }

    @Test
    void progressLongerAgoThanTheProgressAgeDoesNotExcuse() {
        readings.put(ETL, new Reading(9_800, NOW - 30_001 * MS, 0, 0));

        assertThat(judge(Map.of(), THROTTLED, starving(101, ETL))).isEqualTo(new Demote("thread 'Thread-101-sink'"
                + " (100/101) was runnable but got no CPU for 604 ms and query 'etl-1' of SPE 'storm' has shown no"
                + " progress for longer than the 30000 ms progress age: its operators last processed tuples (9800"
                + " tuples/s, read 30001 ms ago)"));

        readings.put(ETL, new Reading(9_800, NOW - 30_000 * MS, 0, 0));
        assertThat(judge(Map.of(), THROTTLED, starving(101, ETL))).isInstanceOf(Keep.class);
    }

    @Test
    void oneQueryProgressingDoesNotExcuseAnotherOnesStarvingThread() {
        readings.put(ETL, new Reading(9_800, NOW - 400 * MS, 0, 0));

        Verdict verdict = judge(Map.of(), THROTTLED, starving(101, ETL), starving(201, OTHER));

        assertThat(verdict).isInstanceOfSatisfying(Demote.class, d -> assertThat(d.reason())
                .startsWith("thread 'Thread-201-sink' (100/201) was runnable but got no CPU for 604 ms and query"
                        + " 'other-2' of SPE 'storm' has shown no progress"));
    }

    @Test
    void aCanaryMayWaitTheRuntimeAndOnePeriodPlusTheStallWhileTheKernelThrottles() {
        assertThat(judge(Map.of(0, 2_450 * MS, 1, 3 * MS), THROTTLED)).isEqualTo(new Keep(List.of()));

        assertThat(judge(Map.of(0, 2_451 * MS, 1, 3 * MS), THROTTLED)).isEqualTo(new Demote("the daemon's canary on"
                + " CPU 0, a SCHED_OTHER thread, got no CPU for 2451 ms, more than the 500 ms stall beyond the 1950 ms"
                + " it may wait (real-time threads may hold a CPU for 950 ms of every 1000 ms (sched_rt_runtime_us"
                + " 950000)): nothing but real-time threads runs there"));
    }

    @Test
    void withoutThrottlingACanaryMayWaitOnlyTheStall() {
        assertThat(judge(Map.of(1, 500 * MS), UNTHROTTLED)).isInstanceOf(Keep.class);

        assertThat(judge(Map.of(1, 501 * MS), UNTHROTTLED)).isInstanceOfSatisfying(Demote.class, d -> assertThat(
                d.reason()).startsWith("the daemon's canary on CPU 1, a SCHED_OTHER thread, got no CPU for 501 ms")
                .contains("nothing throttles real-time threads (sched_rt_runtime_us -1)"));
    }

    @Test
    void aStarvingCanaryTripsEvenWhileTheQueryProgresses() {
        readings.put(ETL, new Reading(9_800, NOW - 400 * MS, 0, 0));

        assertThat(judge(Map.of(0, 3_000 * MS), THROTTLED, starving(101, ETL))).isInstanceOfSatisfying(Demote.class,
                d -> assertThat(d.reason()).startsWith("the daemon's canary on CPU 0"));
    }
}
