package dev.lachesis.server.status;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.core.logging.ConditionLog;
import dev.lachesis.core.loop.RoundReport;
import dev.lachesis.core.loop.RoundResult;
import dev.lachesis.core.loop.ScheduledPolicy;
import dev.lachesis.core.model.JvmThread;
import dev.lachesis.core.model.OperatorThread;
import dev.lachesis.core.model.ThreadKind;
import dev.lachesis.core.model.ThreadRef;
import dev.lachesis.core.proc.ProcFs;
import dev.lachesis.core.schedule.Schedule;
import dev.lachesis.core.schedule.ScheduleForm;
import dev.lachesis.core.schedule.ThreadPriority;
import dev.lachesis.core.spi.TranslatedThread;
import dev.lachesis.core.spi.Translator;
import dev.lachesis.core.spi.TranslatorCondition;
import dev.lachesis.core.spi.TranslationPlan;
import dev.lachesis.core.testing.FakeOrderPolicyFactory;
import dev.lachesis.core.testing.ManualClock;
import dev.lachesis.core.testing.RecordingTranslator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the status endpoint reports from the loop's rounds: last rounds, changes, health, counters, read-back. */
class DaemonStatusTest {
    private static final Instant START = Instant.parse("2026-11-27T10:00:00Z");

    @TempDir
    Path proc;
    private final ManualClock clock = new ManualClock(START);
    private final List<ConditionLog.Active> conditions = new ArrayList<>();
    private DaemonStatus status;

    @BeforeEach
    void setUp() {
        status = new DaemonStatus("1.2.3", clock, true, () -> List.of(policy("qs"), policy("hr")), () -> conditions,
                new ProcFs(proc));
    }

    private static ScheduledPolicy policy(String name) {
        return new ScheduledPolicy(name, new FakeOrderPolicyFactory.QueueOrder(name), Duration.ofSeconds(1),
                List.of("storm"), new RecordingTranslator("nice", ScheduleForm.SINGLE_PRIORITY));
    }

    private static TranslatedThread thread(int tid, long value) {
        OperatorThread t = new OperatorThread(new JvmThread(new ThreadRef(42, tid), "executor-" + tid), ThreadKind.MAIN,
                "q", "op" + tid, "op" + tid, null);
        return new TranslatedThread(new ThreadPriority("storm", t, value, Map.of("queue-size", 3.0)), null, value);
    }

    /** A round at the clock's time: {@code applied} policy → its threads; {@code failed} policy → its problem. */
    private RoundResult round(Map<String, List<TranslatedThread>> applied, Map<String, String> failed) {
        Map<String, TranslationPlan> plans = new LinkedHashMap<>();
        applied.forEach((policy, threads) -> plans.put(policy, new TranslationPlan("nice", "nice", threads)));
        List<String> due = new ArrayList<>(applied.keySet());
        due.addAll(failed.keySet());
        return new RoundResult(new RoundReport(clock.instant(), Duration.ofMillis(4), due, List.copyOf(applied.keySet()),
                List.copyOf(failed.values())), Map.of(), plans);
    }

    @Test
    void eachPolicysLastRoundSaysWhatItAppliedOrWhyItKeptTheLastPriorities() {
        status.accept(round(Map.of("qs", List.of(thread(1, -20), thread(2, 0))),
                Map.of("hr", "policy 'hr' could not apply its schedule: EPERM")));

        StatusView view = status.status();
        assertThat(view.version()).isEqualTo("1.2.3");
        assertThat(view.policies()).extracting(StatusView.PolicyView::name).containsExactly("qs", "hr");
        assertThat(view.policies().get(0).lastRun()).isEqualTo(new PolicyRun(START, 4.0, "applied", 2, 2, null));
        assertThat(view.policies().get(1).lastRun()).isEqualTo(new PolicyRun(START, 4.0, "kept", 0, 0,
                "policy 'hr' could not apply its schedule: EPERM"));
        assertThat(view.health().healthy()).isFalse();
        assertThat(view.health().reason()).contains("kept the last priorities").contains("EPERM");
    }

    @Test
    void aThreadCountsAsChangedOnlyWhenItsValueChanges() {
        status.accept(round(Map.of("qs", List.of(thread(1, -20), thread(2, 0))), Map.of()));
        clock.advance(Duration.ofSeconds(1));
        status.accept(round(Map.of("qs", List.of(thread(1, -20), thread(2, -5), thread(3, 0))), Map.of()));

        PolicyRun run = status.status().policies().get(0).lastRun();
        assertThat(run.threads()).isEqualTo(3);
        assertThat(run.changed()).isEqualTo(2);
        assertThat(status.health()).isEqualTo(new Health(true, "ok"));
    }

    @Test
    void healthIsLostWhenNoRoundHasRunOrRoundsStopComing() {
        assertThat(status.health()).isEqualTo(new Health(false, "no scheduling round has run yet"));
        status.accept(round(Map.of("qs", List.of(thread(1, -20))), Map.of()));
        clock.advance(Duration.ofSeconds(8));
        assertThat(status.health().healthy()).isTrue();

        clock.advance(Duration.ofSeconds(1));

        assertThat(status.health().healthy()).isFalse();
        assertThat(status.health().reason()).isEqualTo("no scheduling round for 9 s (the last at " + START + ")");
    }

    @Test
    void theScheduleShowsWhatProcSaysBesideWhatWasSet() throws Exception {
        Path task = Files.createDirectories(proc.resolve("42/task/1"));
        StringBuilder stat = new StringBuilder("1 (executor-1) S");
        for (int field = 4; field <= 52; field++) {
            stat.append(' ').append(field == 19 ? -20 : 0);
        }
        Files.writeString(task.resolve("stat"), stat + "\n");
        Files.writeString(task.resolve("cgroup"), "4:cpu,cpuacct:/lachesis/hot\n1:name=systemd:/user.slice\n");
        status.accept(round(Map.of("qs", List.of(thread(1, -20), thread(2, 0))), Map.of()));

        List<ScheduledThread> schedule = status.schedule();

        assertThat(schedule).extracting(t -> t.row().tid()).containsExactly(1, 2);
        assertThat(schedule.get(0).row().value()).isEqualTo(-20);
        assertThat(schedule.get(0).now()).isEqualTo(new ReadBack("SCHED_OTHER", -20, 0, "/lachesis/hot"));
        assertThat(schedule.get(1).now()).as("thread 2 is gone").isNull();
    }

    @Test
    void aRealTimeDemotionShowsAsAConditionAndIsCounted() {
        Instant demotedAt = START.minusSeconds(3);
        Translator demoted = new Translator() {
            @Override
            public ScheduleForm accepts() {
                return ScheduleForm.SINGLE_PRIORITY;
            }

            @Override
            public boolean isRealTime() {
                return true;
            }

            @Override
            public TranslationPlan plan(Schedule schedule) {
                return new TranslationPlan("rt", "rr", List.of());
            }

            @Override
            public TranslationPlan apply(TranslationPlan plan) {
                return plan;
            }

            @Override
            public void close() {
            }

            @Override
            public List<TranslatorCondition> conditions() {
                return List.of(new TranslatorCondition(demotedAt, "rt: real time demoted until later by the watchdog"));
            }

            @Override
            public long realTimeDemotions() {
                return 2;
            }
        };
        status = new DaemonStatus("1.2.3", clock, true, () -> List.of(new ScheduledPolicy("mod-rt",
                new FakeOrderPolicyFactory.QueueOrder("mod-rt"), Duration.ofSeconds(1), List.of("storm"), demoted)),
                () -> conditions, new ProcFs(proc));

        assertThat(status.status().conditions()).containsExactly(new ConditionLog.Active("policy mod-rt translator",
                demotedAt, 1, "rt: real time demoted until later by the watchdog"));
        assertThat(PrometheusText.of(status.metrics())).contains("lachesis_rt_demotions_total{policy=\"mod-rt\"} 2\n");
    }

    @Test
    void theCountersCountRoundsByOutcomeAndDuration() {
        status.accept(round(Map.of("qs", List.of(thread(1, -20))), Map.of()));
        status.accept(round(Map.of(), Map.of("qs", "policy 'qs' failed")));
        conditions.add(new ConditionLog.Active("policy qs", START, 1, "policy 'qs' failed"));

        String text = PrometheusText.of(status.metrics());

        assertThat(text).contains("lachesis_rounds_total{outcome=\"ok\"} 1\n", "lachesis_rounds_total{outcome=\"failed\"} 1\n",
                "lachesis_round_duration_seconds_bucket{le=\"0.0025\"} 0\n",
                "lachesis_round_duration_seconds_bucket{le=\"0.005\"} 2\n",
                "lachesis_round_duration_seconds_bucket{le=\"+Inf\"} 2\n", "lachesis_round_duration_seconds_count 2\n",
                "lachesis_round_duration_seconds_sum 0.008\n", "lachesis_threads_controlled{policy=\"qs\"} 1\n",
                "lachesis_threads_controlled{policy=\"hr\"} 0\n", "lachesis_conditions_active 1\n", "lachesis_healthy 0\n",
                "# TYPE lachesis_round_duration_seconds histogram\n");
    }

    @Test
    void theMetricsCarryTheProcessCpuAndResidentMemoryAsPrometheusClientsDo() throws Exception {
        long pid = ProcessHandle.current().pid();
        Path dir = Files.createDirectories(proc.resolve(Long.toString(pid)));
        // utime 250 and stime 50 ticks: 3 s
        Files.writeString(dir.resolve("stat"), pid + " (java) S 1 1 1 0 -1 0 0 0 0 0 250 50 0 0 20 0 30 0"
                + " 1000 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n");
        Files.writeString(dir.resolve("status"), "Name:\tjava\nVmRSS:\t  81920 kB\n");

        String text = PrometheusText.of(status.metrics());

        assertThat(text).contains("# TYPE process_cpu_seconds_total counter\nprocess_cpu_seconds_total 3\n",
                "# TYPE process_resident_memory_bytes gauge\nprocess_resident_memory_bytes 83886080\n");
    }
}
