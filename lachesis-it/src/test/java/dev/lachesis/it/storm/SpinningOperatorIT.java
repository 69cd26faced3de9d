package dev.lachesis.it.storm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.lachesis.core.config.ConfigNode;
import dev.lachesis.core.proc.ProcFs;
import dev.lachesis.core.spi.MetricSourceFactory;
import dev.lachesis.core.spi.Plugins;
import dev.lachesis.core.testing.HostRequirement;
import dev.lachesis.drivers.storm.StormThreadNames;
import dev.lachesis.experiments.launch.Storm1Query;
import dev.lachesis.experiments.launch.StormQuery;
import dev.lachesis.experiments.launch.StormQuerySpec;
import dev.lachesis.experiments.launch.WaitStrategy;
import dev.lachesis.experiments.process.HostPort;
import dev.lachesis.experiments.process.LachesisDaemon;
import dev.lachesis.experiments.process.LachesisHome;
import dev.lachesis.experiments.process.Livelock;
import dev.lachesis.experiments.run.StormSpeBlock;
import dev.lachesis.experiments.run.ThreadSched;
import dev.lachesis.server.store.EmbeddedMetricSource;
import dev.lachesis.testkit.ChildJvm;
import dev.lachesis.translators.Machine;
import dev.lachesis.translators.linux.jna.JnaKernel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The real-time safety net against the fault it exists for, in a real Storm query on the real
 * kernel, as a user running LACHESIS-MOD-RT would meet it: QS-IO puts the overloaded bolt's
 * executors at the top of SCHED_RR (forced on Storm 2, whose executors poll; Storm 1.2.3's block,
 * so real time is its default), the query runs beyond saturation on CPU 0 for a minute, then the
 * bolt loops forever on its next tuple ({@link Livelock}). What a user checks: during the minute of
 * starvation the policy intends, no thread is demoted; once the bolt spins, every real-time thread
 * of the worker is back at SCHED_OTHER within a second of the spin's start, read from
 * {@code /proc}; and an ordinary task on CPU 0 ({@link LatenessProbe}) is never more than a second
 * late. The daemon's log and rounds stay in {@code target/spinning-operator-it/worker-<pid>} for
 * reading after a run.
 */
class SpinningOperatorIT {
    private static final Logger LOG = LoggerFactory.getLogger(SpinningOperatorIT.class);
    private static final Duration START_TIMEOUT = Duration.ofSeconds(240);
    private static final Duration INTENDED_STARVATION = Duration.ofSeconds(60);
    private static final Duration REACTION = Duration.ofSeconds(1);
    private static final List<String> SPE_CPU = List.of("taskset", "-c", "0");
    private static final List<String> DAEMON_CPU = List.of("taskset", "-c", "1");
    /** Beyond saturation: two heavy executors at 1 ms a tuple share one core, offered three times that. */
    private static final int RATE = 3_000;
    private static final int HEAVY_COST_MICROS = 1_000;

    @TempDir
    Path tmp;

    @BeforeAll
    static void needsRealTimeWithABudget() {
        Machine machine = Machine.system();
        HostRequirement.RT_BUDGET.check(machine.capabilities().canUseRealTime()
                        && machine.cgroups().map(h -> h.hasRtGroupScheduling()).orElse(false)
                        && Runtime.getRuntime().availableProcessors() >= 2,
                "no real time with a cgroup-v1 budget, or fewer than two CPUs: a spinning real-time operator is tested"
                        + " on CPU 0 with the daemon on CPU 1");
    }

    @Test
    @Disabled("issue 40, open: measured 2026-12-03 18:11 (reporter without thread-state gauges, late intervals not"
            + " judged, spinners told by their sleeps): the minute passed without a demotion, the spin was demoted"
            + " 2,061 ms after it began (bar 1 s: the spin shows one 1-s reporting interval later at best) and an"
            + " ordinary task on CPU 0 was 1,265 ms late during the minute (bar 1 s, under the kernel's 950-of-1000-ms"
            + " budget); one run")
    void storm2WithForcedRealTimeDemotesTheSpinningBoltsWorkerWithinASecondAndNeverBeforeIt() throws Exception {
        try (EmbeddedMetricSource store = store()) {
            String topology = "lachesis-spin-2";
            Path trigger = tmp.resolve("spin");
            AtomicLong spinStart = new AtomicLong();
            StormQuerySpec spec = new StormQuerySpec(StormQuery.PIPELINE, topology, RATE,
                    new HostPort("127.0.0.1", store.carbonPort()), WaitStrategy.PARK, HEAVY_COST_MICROS, 1, "512m",
                    START_TIMEOUT.toSeconds(), 1.0);
            try (ChildJvm storm = spec.start(SPE_CPU, List.of("--livelock-file", trigger.toString()),
                    spinLine(spinStart))) {
                storm.awaitLine(START_TIMEOUT);
                String spe = new StormSpeBlock(storm.pid(), topology, WaitStrategy.PARK).yaml();
                check(storm.pid(), store, spe, "{polling-spes: rt}", trigger, spinStart);
            }
        }
    }

    @Test
    @Disabled("issue 40, open: measured 2026-12-03 18:18: the minute passed without a demotion (3 of 4 runs so far),"
            + " but an ordinary task on CPU 0 was 1,018 ms late (bar 1 s) under the kernel's 950-of-1000-ms budget;"
            + " earlier, every series went dark 5 s in and the 15-s progress age demoted: Storm 1 carries metrics in"
            + " tuples, behind the heavy executors' backlogs")
    void storm1WithItsDefaultRealTimeStarvesAsItsPolicyIntendsForAMinuteWithoutADemotion() throws Exception {
        storm1(false);
    }

    @Test
    @Disabled("issue 40, open: measured 2026-12-03 (three times, the last at 18:20): after the minute without a"
            + " demotion, no rule fired within 10 s of the spin: Storm 1's executors report their own metrics, so the"
            + " spinning one reports nothing, its queue reads 0 and QS-IO puts it at RR 1, below the threads it starves")
    void storm1WithItsDefaultRealTimeDemotesTheSpinningBoltsWorkerWithinASecondAndNeverBeforeIt() throws Exception {
        storm1(true);
    }

    private void storm1(boolean spin) throws Exception {
        try (EmbeddedMetricSource store = store()) {
            String topology = "lachesis-spin-1";
            Path trigger = tmp.resolve("spin");
            AtomicLong spinStart = new AtomicLong();
            Storm1Query query = new Storm1Query("pipeline", topology, RATE, new HostPort("127.0.0.1", store.carbonPort()),
                    HEAVY_COST_MICROS, "512m");
            try (ChildJvm storm = query.start(SPE_CPU, List.of("--livelock-file", trigger.toString()),
                    spinLine(spinStart))) {
                storm.awaitLine(START_TIMEOUT);
                String spe = """
                          - name: storm
                            driver: storm
                            pids: [%d]
                            discovery: {topology: %s}
                            settings: {version: 1}
                        """.formatted(storm.pid(), topology);
                check(storm.pid(), store, spe, "{}", spin ? trigger : null, spinStart);
            }
        }
    }

    /**
     * Runs the daemon beside the query: a minute of intended starvation without a demotion, then, with
     * a {@code trigger} (else {@code null}: the minute only), the spin and the demotion within a second.
     */
    private void check(long worker, EmbeddedMetricSource store, String spe, String translatorSettings, Path trigger,
                       AtomicLong spinStart) throws Exception {
        Path config = Files.writeString(tmp.resolve("lachesis.yaml"), "spes:\n" + spe + """
                metrics:
                  source: graphite
                  url: http://127.0.0.1:%d
                policies:
                  - name: mod-rt
                    policy: qs-io
                    period: 1s
                    translator: rt
                    translator-settings: %s
                journal: %s
                """.formatted(store.httpPort(), translatorSettings, tmp.resolve("journal.json")));
        try (LatenessProbe probe = LatenessProbe.onCpu(0);
             LachesisDaemon daemon = LachesisDaemon.start(DAEMON_CPU,
                     LachesisHome.root().toAbsolutePath().normalize().resolve("bin/lachesis"), config,
                     Path.of("target", "spinning-operator-it", "worker-" + worker))) {
            await("the heavy bolt's executors in real time").atMost(Duration.ofSeconds(120))
                    .pollInterval(Duration.ofSeconds(1))
                    .until(() -> !heavyExecutors(worker).isEmpty()
                            && heavyExecutors(worker).values().stream().allMatch(ThreadSched::isRealTime));
            LOG.info("real-time threads of the worker: {}", realTime(worker).size());

            probe.reset();
            await("a minute of the starvation the policy intends, without a demotion")
                    .during(INTENDED_STARVATION).atMost(INTENDED_STARVATION.plusSeconds(5))
                    .pollInterval(Duration.ofSeconds(1))
                    .untilAsserted(() -> {
                        assertThat(daemon.isAlive()).as("the daemon runs; it said %s", daemon.logLines("WARN")).isTrue();
                        assertThat(daemon.logLines("WARN")).as("the daemon's warnings").noneMatch(l -> l.contains("demoted"));
                        assertThat(heavyExecutors(worker)).as("the heavy bolt's executors").allSatisfy(
                                (tid, sched) -> assertThat(sched.isRealTime()).as("%s: %s", tid, sched).isTrue());
                    });
            Duration lateWhileIntended = probe.maxLateness();
            if (trigger == null) {
                LOG.info("CPU 0's ordinary task at most {} ms late while the query starved as intended",
                        lateWhileIntended.toMillis());
                assertThat(lateWhileIntended).as("an ordinary task on CPU 0 while the policy starved the query")
                        .isLessThanOrEqualTo(REACTION);
                return;
            }

            probe.reset();
            Files.createFile(trigger);
            await("the bolt spinning").atMost(Duration.ofSeconds(10)).until(() -> spinStart.get() > 0);
            long allOther = awaitNoRealTimeThread(worker, Duration.ofSeconds(10));
            Duration reaction = Duration.ofMillis(allOther - spinStart.get());
            Duration lateWhileSpinning = probe.maxLateness();
            LOG.info("demoted {} ms after the spin began; CPU 0's ordinary task at most {} ms late while the query"
                            + " starved as intended, {} ms while the bolt spun; the daemon said: {}", reaction.toMillis(),
                    lateWhileIntended.toMillis(), lateWhileSpinning.toMillis(), daemon.logLines("WARN"));

            assertThat(reaction).as("from the spin's start to every RT thread at SCHED_OTHER").isLessThanOrEqualTo(REACTION);
            assertThat(lateWhileSpinning).as("an ordinary task on the spinning thread's CPU").isLessThanOrEqualTo(REACTION);
            assertThat(lateWhileIntended).as("an ordinary task on CPU 0 while the policy starved the query")
                    .isLessThanOrEqualTo(REACTION);
        }
    }

    /**
     * Awaits, reading {@code /proc} every 10 ms, the moment no thread of {@code pid} is in real time,
     * and returns the wall-clock milliseconds it saw that at.
     */
    private static long awaitNoRealTimeThread(long pid, Duration timeout) {
        await("every RT thread of " + pid + " demoted").atMost(timeout).pollInterval(Duration.ofMillis(10))
                .until(() -> realTime(pid).isEmpty());
        return System.currentTimeMillis();
    }

    private static Map<Long, ThreadSched> realTime(long pid) {
        return Map.copyOf(ThreadSched.allOf(pid).entrySet().stream().filter(e -> e.getValue().isRealTime())
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue)));
    }

    private static Map<Long, ThreadSched> heavyExecutors(long pid) {
        ProcFs proc = ProcFs.system();
        return Map.copyOf(ThreadSched.allOf(pid).entrySet().stream()
                .filter(e -> proc.comm((int) pid, e.getKey().intValue())
                        .filter(comm -> StormThreadNames.mayBeExecutorOf(comm, "heavy")).isPresent())
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue)));
    }

    /** Passes the query's lines to the log, and takes the spin's start from {@link Livelock}'s line. */
    private static Consumer<String> spinLine(AtomicLong spinStart) {
        return line -> {
            LOG.debug("storm: {}", line);
            if (line.startsWith(Livelock.SPINNING)) {
                String millis = line.substring(Livelock.SPINNING.length()).split(" ", 2)[0];
                spinStart.set(Long.parseLong(millis));
            }
        };
    }

    /**
     * The metric store, its threads on the daemon's CPU: they inherit this thread's affinity, which is
     * set to CPU 1 first, so that the store, like the daemon, is off the CPU the real-time threads hold
     * (where ordinary threads get 5% of the time).
     */
    private static EmbeddedMetricSource store() throws Exception {
        JnaKernel kernel = JnaKernel.instance();
        kernel.setAffinity(kernel.currentTid(), 1);
        return (EmbeddedMetricSource) Plugins.load(MetricSourceFactory.class, "metric source").get("embedded", "metrics.source")
                .create(ConfigNode.ofYaml("metrics", "source: embedded\nsettings: {carbon-port: 0, http-port: 0}\n"));
    }
}
