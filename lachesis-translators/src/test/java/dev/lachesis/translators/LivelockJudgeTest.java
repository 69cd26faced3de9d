package dev.lachesis.translators;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.core.model.ThreadRef;
import dev.lachesis.translators.LivelockJudge.Demote;
import dev.lachesis.translators.LivelockJudge.Keep;
import dev.lachesis.translators.LivelockJudge.Starving;
import dev.lachesis.translators.LivelockJudge.Verdict;
import dev.lachesis.translators.QueryProgress.Reading;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The rules that tell a livelock from the starvation a strict-priority policy intends: a starving RT
 * thread is let be while its query's sinks consume (per a reading at most 3 s old), and trips the
 * watchdog when its query has no reading, an old one, or one at 0 tuples/s; a CPU's canary trips it
 * once it waited the 500 ms stall beyond what RT throttling lets RT threads hold a CPU.
 */
class LivelockJudgeTest {
    private static final long MS = 1_000_000;
    private static final long NOW = 100_000 * MS;
    private static final QueryKey ETL = new QueryKey("storm", "etl-1");
    private static final QueryKey OTHER = new QueryKey("storm", "other-2");
    private static final RtThrottling THROTTLED = new RtThrottling(950_000, 1_000_000, "sched_rt_runtime_us 950000");
    private static final RtThrottling UNTHROTTLED = new RtThrottling(-1, 1_000_000, "sched_rt_runtime_us -1");

    private final LivelockJudge judge = new LivelockJudge(500 * MS, 3_000 * MS);
    private final Map<QueryKey, Reading> readings = new HashMap<>();

    private static Starving starving(int tid, QueryKey query) {
        return new Starving(new ThreadRef(100, tid), "Thread-" + tid + "-sink", 604 * MS, query);
    }

    private Verdict judge(Map<Integer, Long> canaries, RtThrottling throttling, Starving... threads) {
        return judge.judge(canaries, throttling, List.of(threads), q -> Optional.ofNullable(readings.get(q)), NOW);
    }

    @Test
    void aStarvingThreadOfAQueryWhoseSinksConsumeIsLetBe() {
        readings.put(ETL, new Reading(9_800, NOW - 1_200 * MS));

        Verdict verdict = judge(Map.of(), THROTTLED, starving(101, ETL));

        assertThat(verdict).isInstanceOfSatisfying(Keep.class, keep -> assertThat(keep.excused()).singleElement()
                .satisfies(x -> {
                    assertThat(x.thread().thread()).isEqualTo(new ThreadRef(100, 101));
                    assertThat(x.progress().sinkTuplesPerSecond()).isEqualTo(9_800);
                    assertThat(x.ageNanos()).isEqualTo(1_200 * MS);
                }));
    }

    @Test
    void aStarvingThreadOfAQueryWithoutAnyReadingTripsAsBefore() {
        Verdict verdict = judge(Map.of(), THROTTLED, starving(101, ETL));

        assertThat(verdict).isEqualTo(new Demote("thread 'Thread-101-sink' (100/101) was runnable but got no CPU for"
                + " 604 ms and query 'etl-1' of SPE 'storm' has shown no progress: no processed-rate of its sinks has"
                + " been read"));
    }

    @Test
    void aReadingOlderThanTheProgressAgeDoesNotExcuse() {
        readings.put(ETL, new Reading(9_800, NOW - 3_001 * MS));

        assertThat(judge(Map.of(), THROTTLED, starving(101, ETL))).isEqualTo(new Demote("thread 'Thread-101-sink'"
                + " (100/101) was runnable but got no CPU for 604 ms and query 'etl-1' of SPE 'storm' has shown no"
                + " progress: its sinks' processed-rate was last read 3001 ms ago, more than the 3000 ms it may be old"));

        readings.put(ETL, new Reading(9_800, NOW - 3_000 * MS));
        assertThat(judge(Map.of(), THROTTLED, starving(101, ETL))).isInstanceOf(Keep.class);
    }

    @Test
    void aQueryWhoseSinksConsumeNothingWhileItsThreadStarvesIsALivelock() {
        readings.put(ETL, new Reading(0, NOW - 400 * MS));

        assertThat(judge(Map.of(), THROTTLED, starving(101, ETL))).isEqualTo(new Demote("thread 'Thread-101-sink'"
                + " (100/101) was runnable but got no CPU for 604 ms and query 'etl-1' of SPE 'storm' makes no"
                + " progress: its sinks processed 0 tuples/s (read 400 ms ago)"));
    }

    @Test
    void oneQueryProgressingDoesNotExcuseAnotherOnesStarvingThread() {
        readings.put(ETL, new Reading(9_800, NOW - 400 * MS));

        Verdict verdict = judge(Map.of(), THROTTLED, starving(101, ETL), starving(201, OTHER));

        assertThat(verdict).isInstanceOfSatisfying(Demote.class, d -> assertThat(d.reason())
                .startsWith("thread 'Thread-201-sink' (100/201) was runnable but got no CPU for 604 ms and query"
                        + " 'other-2' of SPE 'storm' has shown no progress"));
    }

    @Test
    void aCanaryMayWaitWhatThrottlingAllowsPlusTheStall() {
        assertThat(judge(Map.of(0, 1_450 * MS, 1, 3 * MS), THROTTLED)).isEqualTo(new Keep(List.of()));

        assertThat(judge(Map.of(0, 1_451 * MS, 1, 3 * MS), THROTTLED)).isEqualTo(new Demote("the daemon's canary on"
                + " CPU 0, a SCHED_OTHER thread, got no CPU for 1451 ms, more than the 500 ms stall beyond what the"
                + " kernel allows (real-time threads may hold a CPU for 950 ms of every 1000 ms (sched_rt_runtime_us"
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
        readings.put(ETL, new Reading(9_800, NOW - 400 * MS));

        assertThat(judge(Map.of(0, 2_000 * MS), THROTTLED, starving(101, ETL))).isInstanceOfSatisfying(Demote.class,
                d -> assertThat(d.reason()).startsWith("the daemon's canary on CPU 0"));
    }
}
