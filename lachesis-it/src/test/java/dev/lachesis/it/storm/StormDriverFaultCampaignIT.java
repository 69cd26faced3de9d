package dev.lachesis.it.storm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.lachesis.core.config.ConfigNode;
import dev.lachesis.core.proc.ProcFs;
import dev.lachesis.core.spi.MetricSourceFactory;
import dev.lachesis.core.spi.Plugins;
import dev.lachesis.drivers.storm.StormThreadNames;
import dev.lachesis.experiments.launch.StormQuery;
import dev.lachesis.experiments.launch.StormQuerySpec;
import dev.lachesis.experiments.launch.WaitStrategy;
import dev.lachesis.experiments.process.HostPort;
import dev.lachesis.experiments.process.LachesisDaemon;
import dev.lachesis.experiments.process.LachesisHome;
import dev.lachesis.experiments.process.ThreadChurn;
import dev.lachesis.experiments.run.StormSpeBlock;
import dev.lachesis.experiments.run.ThreadSched;
import dev.lachesis.server.store.EmbeddedMetricSource;
import dev.lachesis.testkit.ChildJvm;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Fault campaign, drivers (issue 19, listed in {@code docs/fault-campaign.md}): the real daemon
 * ({@code bin/lachesis run} as built, the Storm driver, the hand-set {@code static} policy through
 * {@code nice}) schedules a Storm 2.8 topology in a {@code LocalCluster} child JVM that reports to an
 * embedded metric store, and the test does to Storm what happens in production: the worker JVM is
 * SIGKILLed and a new one runs the topology again; the worker JVM starts and ends a thousand threads
 * a second beside the topology. Each case asserts what the user sees (the daemon alive, no error and
 * no warning logged twice, the rounds' outcomes) and what {@code /proc} shows: the heavy executors
 * at nice −20 and the source at −10, in the new worker too, and every thread back at the worker's own
 * nice once the daemon is stopped. The journal lives in a {@code RUNTIME_DIRECTORY} of the test's own.
 */
class StormDriverFaultCampaignIT {
    private static final Logger LOG = LoggerFactory.getLogger(StormDriverFaultCampaignIT.class);
    /** How long a LocalCluster may take to start and report on a busy machine. */
    private static final Duration START_TIMEOUT = Duration.ofSeconds(240);
    /** After the {@code spes:} entry: the store's render API and the hand-set policy. */
    private static final String CONFIG = """
            metrics:
              source: graphite
              url: http://127.0.0.1:%d
              read-timeout: 10s
            policies:
              - name: hand-set
                policy: static
                period: 1s
                translator: nice
                settings:
                  priorities: {heavy: 2, source: 1}
                  default: 0
                translator-settings: {highest: -20, lowest: 0}
            """;

    @TempDir
    Path tmp;
    private EmbeddedMetricSource store;
    private String topology;
    private LachesisDaemon daemon;
    private final List<ChildJvm> storms = new ArrayList<>();

    @BeforeEach
    void storeAndRuntimeDirectory() throws Exception {
        store = (EmbeddedMetricSource) Plugins.load(MetricSourceFactory.class, "metric source")
                .get("embedded", "metrics.source")
                .create(ConfigNode.ofYaml("metrics", "source: embedded\nsettings: {carbon-port: 0, http-port: 0}\n"));
        topology = "lachesis-faults-" + UUID.randomUUID().toString().substring(0, 8);
    }

    @AfterEach
    void stopEverything() throws Exception {
        if (daemon != null) {
            daemon.close();
        }
        storms.forEach(ChildJvm::close);
        store.close();
    }

    @Test
    void aWorkerKilledAndStartedAgainMidRunIsScheduledAgain() throws Exception {
        ChildJvm first = storm(List.of());
        startDaemon();
        awaitHandSet(first);

        ProcessHandle.of(first.pid()).ifPresent(ProcessHandle::destroyForcibly); // SIGKILL, as kill -9 or the OOM killer
        await().atMost(Duration.ofSeconds(30)).until(() -> !first.isAlive());
        ChildJvm second = storm(List.of());
        awaitHandSet(second);

        assertThat(daemon.isAlive()).as("daemon running; its log: %s", daemon.log()).isTrue();
        assertNoErrorAndNoLineTwice();
        assertThat(daemon.logLines("WARN")).as("the one warning: the rounds without a JVM for the topology")
                .singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
                .contains("SPE 'storm' cannot be seen: no Storm worker or local-mode JVM is running for topology '"
                        + topology + "'").endsWith("(keeping the last applied priorities until this clears)");
        assertThat(daemon.log().lines().filter(l -> l.contains("Recovered after"))).as("the one line when it clears")
                .singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING).endsWith("failed round(s): spe storm");
        stopDaemonAndAssertRestored(second);
    }

    @Test
    void aThousandThreadsStartedAndEndedASecondInTheWorkerLeaveItsScheduleAlone() throws Exception {
        ChildJvm worker = storm(List.of("--churn-threads", "1000"));
        startDaemon();
        awaitHandSet(worker);
        int roundsBefore = daemon.rounds().size();

        await().atMost(Duration.ofSeconds(60)).until(() -> !daemon.isAlive() || daemon.rounds().size() >= roundsBefore + 15);

        assertThat(daemon.isAlive()).as("daemon running; its log: %s", daemon.log()).isTrue();
        List<String> rounds = daemon.rounds();
        assertThat(rounds.subList(roundsBefore, rounds.size())).as("rounds under the churn")
                .allMatch(r -> r.contains("\"outcome\":\"OK\""));
        assertHandSet(worker);
        assertThat(daemon.logLines("WARN")).as("warnings under the churn").isEmpty();
        Map<Long, ThreadSched> sched = ThreadSched.allOf(worker.pid());
        List<Integer> churned = churnThreads(worker);
        assertThat(churned).as("short-lived threads alive now").isNotEmpty();
        int original = ThreadSched.of(worker.pid(), worker.pid()).orElseThrow().nice();
        assertThat(churned).as("short-lived threads the daemon changed")
                .allMatch(tid -> !sched.containsKey((long) tid) || sched.get((long) tid).nice() == original);
        assertNoErrorAndNoLineTwice();
        stopDaemonAndAssertRestored(worker);
    }

    private ChildJvm storm(List<String> moreArgs) throws Exception {
        StormQuerySpec spec = new StormQuerySpec(StormQuery.PIPELINE, topology, 200,
                new HostPort("127.0.0.1", store.carbonPort()), WaitStrategy.PARK, 500, 1, "512m",
                START_TIMEOUT.toSeconds(), 1.0);
        ChildJvm storm = spec.start(List.of(), moreArgs, line -> LOG.debug("storm: {}", line));
        storms.add(storm);
        storm.awaitLine(START_TIMEOUT);
        return storm;
    }

    private void startDaemon() throws IOException {
        Path config = Files.writeString(tmp.resolve("lachesis.yaml"), "spes:\n"
                + StormSpeBlock.anyJvm(topology, WaitStrategy.PARK).yaml() + CONFIG.formatted(store.httpPort()));
        Path lachesis = LachesisHome.root().toAbsolutePath().normalize().resolve("bin/lachesis");
        daemon = LachesisDaemon.start(lachesis, config, tmp.resolve("daemon"));
    }

    /** Waits until /proc shows the worker's heavy executors at nice −20 and its source at −10. */
    private void awaitHandSet(ChildJvm worker) {
        await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(250))
                .until(() -> !daemon.isAlive() || handSet(worker));
        assertThat(daemon.isAlive()).as("daemon running; its log: %s", daemon.log()).isTrue();
        assertHandSet(worker);
    }

    private static void assertHandSet(ChildJvm worker) {
        assertThat(executorNices(worker, "heavy")).as("nice of the heavy executors").containsExactly(-20, -20);
        assertThat(executorNices(worker, "source")).as("nice of the source executor").containsExactly(-10);
    }

    private static boolean handSet(ChildJvm worker) {
        return executorNices(worker, "heavy").equals(List.of(-20, -20))
                && executorNices(worker, "source").equals(List.of(-10));
    }

    /** The nice values /proc shows for the threads of {@code component}'s executors. */
    private static List<Integer> executorNices(ChildJvm worker, String component) {
        ProcFs proc = ProcFs.system();
        int pid = (int) worker.pid();
        List<Integer> nices = new ArrayList<>();
        for (int tid : proc.tids(pid)) {
            Optional<String> comm = proc.comm(pid, tid);
            if (comm.isPresent() && StormThreadNames.mayBeExecutorOf(comm.get(), component)) {
                ThreadSched.of(pid, tid).ifPresent(s -> nices.add(s.nice()));
            }
        }
        return nices;
    }

    private static List<Integer> churnThreads(ChildJvm worker) {
        ProcFs proc = ProcFs.system();
        int pid = (int) worker.pid();
        return proc.tids(pid).stream()
                .filter(tid -> proc.comm(pid, tid).filter(c -> c.startsWith(ThreadChurn.NAME_PREFIX)).isPresent())
                .toList();
    }

    /**
     * SIGTERM: the daemon exits with the JVM's status for it (143), puts every thread it changed back to the nice the worker started
     * with (its main thread's, which no policy touches) and removes its journal.
     */
    private void stopDaemonAndAssertRestored(ChildJvm worker) throws Exception {
        int original = ThreadSched.of(worker.pid(), worker.pid()).orElseThrow().nice();
        assertThat(daemon.stop()).as("exit code (128 + SIGTERM); its log: %s", daemon.log()).isEqualTo(143);
        assertThat(executorNices(worker, "heavy")).as("heavy executors after the daemon stopped").containsOnly(original);
        assertThat(executorNices(worker, "source")).as("source executor after the daemon stopped").containsOnly(original);
        assertThat(daemon.journal()).as("the journal, once every thread is restored").doesNotExist();
    }

    /** No ERROR line and no stack trace; each WARN line (without its time stamp) at most once. */
    private void assertNoErrorAndNoLineTwice() {
        assertThat(daemon.logLines("ERROR")).as("errors").isEmpty();
        assertThat(daemon.log().lines()).as("stack trace lines").noneMatch(l -> l.startsWith("\tat "));
        assertThat(daemon.logLines("WARN").stream().map(l -> l.substring(l.indexOf(" WARN "))).toList())
                .as("warnings, each condition once").doesNotHaveDuplicates();
    }
}
