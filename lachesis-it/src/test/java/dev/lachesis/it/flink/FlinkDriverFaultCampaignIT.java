package dev.lachesis.it.flink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.lachesis.core.proc.ProcFs;
import dev.lachesis.core.proc.TaskStat;
import dev.lachesis.experiments.flink.FlinkClusterProcess;
import dev.lachesis.experiments.process.LachesisDaemon;
import dev.lachesis.experiments.process.LachesisHome;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Fault campaign, drivers (issue 19, listed in {@code docs/fault-campaign.md}), Flink: the real
 * daemon ({@code bin/lachesis run} as built, the Flink driver reading the REST API, the hand-set
 * {@code static} policy through {@code nice}) schedules the example job on a Flink 1.20 MiniCluster
 * in a child JVM — its TaskManager: one SIGKILLed mid-run and started again on the same REST
 * port, as a supervisor restarts a TaskManager; and one that is not running yet when the daemon
 * starts (its REST endpoint refuses connections). The user sees one warning while no Flink answers and
 * one line when it clears; {@code /proc} shows the heavy operator's subtasks at nice −20 in the new
 * JVM, and every one back at the JVM's own nice once the daemon is stopped.
 */
class FlinkDriverFaultCampaignIT {
    private static final Logger LOG = LoggerFactory.getLogger(FlinkDriverFaultCampaignIT.class);
    private static final String CONFIG = """
            spes:
              - name: flink
                driver: flink
                settings:
                  rest-url: http://127.0.0.1:%d
                  metrics-from: rest
                  request-timeout: 5s
            metrics:
              source: graphite
              url: http://127.0.0.1:9
            policies:
              - name: hand-set
                policy: static
                period: 1s
                translator: nice
                settings:
                  priorities: {heavy: 2}
                  default: 0
                translator-settings: {highest: -20, lowest: 0}
            """;

    @TempDir
    Path tmp;
    private LachesisDaemon daemon;
    private final List<FlinkClusterProcess> clusters = new ArrayList<>();

    @AfterEach
    void stopEverything() throws Exception {
        if (daemon != null) {
            daemon.close();
        }
        clusters.forEach(FlinkClusterProcess::close);
    }

    @Test
    void aFlinkNotYetRunningWhenTheDaemonStartsIsScheduledOnceItRuns() throws Exception {
        int port = freePort();
        startDaemon(port);
        await().atMost(Duration.ofSeconds(60)).until(() -> !daemon.isAlive() || daemon.rounds().size() >= 3);

        FlinkClusterProcess cluster = cluster(port);
        awaitHeavyFirst(cluster);

        assertOneOutageLoggedOnce();
        assertStopRestores(cluster);
    }

    @Test
    void aTaskManagerKilledAndStartedAgainMidRunIsScheduledAgain() throws Exception {
        int port = freePort();
        FlinkClusterProcess first = cluster(port);
        startDaemon(port);
        awaitHeavyFirst(first);

        ProcessHandle.of(first.pid()).ifPresent(ProcessHandle::destroyForcibly); // SIGKILL, as kill -9 or the OOM killer
        await().atMost(Duration.ofSeconds(30)).until(() -> !first.isAlive());
        FlinkClusterProcess second = cluster(port);
        awaitHeavyFirst(second);

        assertOneOutageLoggedOnce();
        assertStopRestores(second);
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private void startDaemon(int restPort) throws IOException {
        Path config = Files.writeString(tmp.resolve("lachesis.yaml"), CONFIG.formatted(restPort));
        daemon = LachesisDaemon.start(LachesisHome.lachesis(null), config, tmp.resolve("daemon"));
    }

    /** The daemon runs on; the rounds without a Flink to read are one WARN when they start and one INFO when they end. */
    private void assertOneOutageLoggedOnce() {
        assertThat(daemon.isAlive()).as("daemon running; its log: %s", daemon.log()).isTrue();
        assertThat(daemon.logLines("ERROR")).as("errors").isEmpty();
        assertThat(daemon.log().lines()).as("stack trace lines").noneMatch(l -> l.startsWith("\tat "));
        // The driver may also warn once that it skips a JVM whose threads it could not read: a JVM killed
        // between its discovery and its thread dump is a condition of its own.
        assertThat(daemon.logLines("WARN").stream().filter(l -> l.contains("SPE 'flink' cannot be seen")))
                .as("the one warning: the rounds without Flink; log: %s", daemon.log())
                .singleElement(InstanceOfAssertFactories.STRING)
                .endsWith("(keeping the last applied priorities until this clears)");
        assertThat(daemon.logLines("WARN").stream().map(l -> l.substring(l.indexOf(" WARN "))).toList())
                .as("warnings, each condition once").doesNotHaveDuplicates();
        assertThat(daemon.log().lines().filter(l -> l.contains("Recovered after"))).as("the one line when it clears")
                .singleElement(InstanceOfAssertFactories.STRING).endsWith("failed round(s): spe flink");
    }

    /** SIGTERM: exit 143, the heavy subtasks back at the JVM's own nice, the journal gone. */
    private void assertStopRestores(FlinkClusterProcess cluster) throws Exception {
        int original = ProcFs.system().processStat((int) cluster.pid()).orElseThrow().nice();
        assertThat(daemon.stop()).as("exit code (128 + SIGTERM); its log: %s", daemon.log()).isEqualTo(143);
        assertThat(heavyNices(cluster)).as("heavy subtasks after the daemon stopped").containsOnly(original);
        assertThat(daemon.journal()).as("the journal, once every thread is restored").doesNotExist();
    }

    private FlinkClusterProcess cluster(int port) throws Exception {
        FlinkClusterProcess cluster = FlinkClusterProcess.start(768, List.of("--rest-port", Integer.toString(port),
                "--rate", "3000", "--heavy-cost-us", "1000", "--heavy-parallelism", "2"), LOG::debug,
                Duration.ofMinutes(2));
        clusters.add(cluster);
        return cluster;
    }

    /** Waits until /proc shows both heavy subtasks of the cluster at nice −20. */
    private void awaitHeavyFirst(FlinkClusterProcess cluster) {
        await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(250))
                .until(() -> !daemon.isAlive() || heavyNices(cluster).equals(List.of(-20, -20)));
        assertThat(daemon.isAlive()).as("daemon running; its log: %s", daemon.log()).isTrue();
        assertThat(heavyNices(cluster)).as("nice of the heavy subtasks").containsExactly(-20, -20);
    }

    /** The nice values /proc shows for the main threads of the heavy operator's subtasks ({@code heavy (i/2)#0}). */
    private static List<Integer> heavyNices(FlinkClusterProcess cluster) {
        ProcFs proc = ProcFs.system();
        int pid = (int) cluster.pid();
        List<Integer> nices = new ArrayList<>();
        for (int tid : proc.tids(pid)) {
            Optional<String> comm = proc.comm(pid, tid);
            if (comm.isPresent() && comm.get().startsWith("heavy (")) {
                proc.taskStat(pid, tid).map(TaskStat::nice).ifPresent(nices::add);
            }
        }
        return nices;
    }
}
