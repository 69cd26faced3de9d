package dev.lachesis.it.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.lachesis.core.metricsource.RealGraphite;
import dev.lachesis.core.proc.ProcFs;
import dev.lachesis.experiments.launch.WaitStrategy;
import dev.lachesis.experiments.process.LachesisDaemon;
import dev.lachesis.experiments.process.LachesisHome;
import dev.lachesis.experiments.run.StormSpeBlock;
import dev.lachesis.experiments.run.ThreadSched;
import dev.lachesis.testkit.LinuxNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Storm 2.8 as users run it (issue 41): ZooKeeper and Nimbus in a master node, a Supervisor in each
 * of two worker nodes on a CPU each, a topology of two workers submitted through Nimbus as
 * {@code storm jar} does, and a Lachesis daemon inside each worker node with the same policy file,
 * reading the one Graphite every worker reports to. Read from {@code /proc}: each daemon changes the
 * threads of its own node's worker and of nothing else (not Nimbus, ZooKeeper, a Supervisor, a
 * {@code LogWriter}, the other node's worker), and its rounds name only executors of its own
 * node's worker, found through the series its node's host name reports; a worker killed with
 * SIGKILL and started again by its Supervisor is scheduled again within
 * {@value #MOST_ROUNDS_TO_REATTACH} rounds of the first series its new JVM reports; SIGTERM to
 * each daemon puts every thread it changed back.
 */
class StormClusterIT {
    private static final Logger LOG = LoggerFactory.getLogger(StormClusterIT.class);
    private static final Duration START_TIMEOUT = Duration.ofMinutes(4);
    private static final int MOST_ROUNDS_TO_REATTACH = 2;
    private static final List<String> WORKER_NODES = List.of("node-a", "node-b");
    private static final String POLICIES = """
            metrics:
              source: graphite
              url: %s
              read-timeout: 10s
            policies:
              - name: hand-set
                policy: static
                period: 1s
                translator: nice
                settings:
                  priorities: {heavy: 3, source: 2, light: 1, sink: 1}
                  default: 0
                translator-settings: {highest: -20, lowest: 0}
            """;
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Where the cluster's and the daemons' logs stay after the test, for a look at a failure. */
    private final Path tmp = Path.of("target", "cluster-it", "storm-" + UUID.randomUUID().toString().substring(0, 8))
            .toAbsolutePath();

    @Test
    void eachNodesDaemonSchedulesItsOwnWorkerOnlyFindsItAgainAfterARestartAndRestoresItOnSigterm() throws Exception {
        assumeTrue(Files.readString(Path.of("/proc/self/status")).lines().anyMatch(l -> l.matches("Uid:\\s+0\\s.*")),
                "the cluster's nodes are Linux namespaces, which need root");
        RealGraphite.requireOrSkip();
        String topology = "cluster-" + UUID.randomUUID().toString().substring(0, 8);
        Map<String, Integer> cpus = new LinkedHashMap<>();
        cpus.put(WORKER_NODES.get(0), 0);
        cpus.put(WORKER_NODES.get(1), 1);
        try (StormCluster cluster = StormCluster.start(tmp.resolve("storm"), "node-m", 0, cpus)) {
            cluster.submitPipeline(topology, WORKER_NODES.size(), 300, 800, "127.0.0.1:" + RealGraphite.CARBON_PORT);
            Map<String, Long> workers = new LinkedHashMap<>();
            for (String node : WORKER_NODES) {
                workers.put(node, awaitOneWorker(cluster, node));
            }
            LOG.info("Workers (PIDs of this machine): {}", workers);
            Path config = Files.writeString(tmp.resolve("lachesis.yaml"), "spes:\n"
                    + StormSpeBlock.anyJvm(topology, WaitStrategy.PARK).yaml() + POLICIES.formatted(RealGraphite.URL));
            Path lachesis = LachesisHome.root().toAbsolutePath().normalize().resolve("bin/lachesis");
            Map<String, LachesisDaemon> daemons = new LinkedHashMap<>();
            try {
                for (String node : WORKER_NODES) {
                    daemons.put(node, LachesisDaemon.start(cluster.node(node).launcher(), lachesis, config,
                            tmp.resolve("daemon-" + node)));
                }
                for (String node : WORKER_NODES) {
                    awaitChanged(daemons.get(node), workers.get(node), node);
                }
                assertOnlyWorkersChanged(cluster, workers, daemons);
                for (String node : WORKER_NODES) {
                    assertRoundsNameOnlyTheirWorker(cluster.node(node), daemons.get(node), workers.get(node));
                }

                reattachesAfterARestart(cluster, topology, WORKER_NODES.get(0), daemons.get(WORKER_NODES.get(0)),
                        workers);

                for (String node : WORKER_NODES) {
                    long worker = workers.get(node);
                    assertThat(daemons.get(node).stop()).as("%s's daemon's exit code (128 + SIGTERM); its log: %s", node,
                            daemons.get(node).log()).isEqualTo(143);
                    assertThat(threadsNotAt(worker, original(worker))).as("threads of %s's worker not back at nice %d "
                            + "after its daemon stopped", node, original(worker)).isEmpty();
                }
            } finally {
                for (LachesisDaemon daemon : daemons.values()) {
                    daemon.close();
                }
            }
        }
    }

    private static long awaitOneWorker(StormCluster cluster, String node) {
        return await(node + "'s Supervisor runs one worker").atMost(START_TIMEOUT).pollInterval(Duration.ofMillis(500))
                .until(() -> cluster.workerPids(node), pids -> pids.size() == 1).get(0);
    }

    /**
     * Waits until the daemon has changed some thread of the worker from the nice it started with and
     * has printed a round that ranks threads.
     */
    private static void awaitChanged(LachesisDaemon daemon, long worker, String node) {
        await(node + "'s daemon changes threads of its worker").atMost(Duration.ofMinutes(2))
                .pollInterval(Duration.ofMillis(250))
                .until(() -> !daemon.isAlive() || niceValues(worker).stream().anyMatch(n -> n != original(worker))
                        && daemon.rounds().stream().anyMatch(r -> !r.contains("\"threads\":[]")));
        assertThat(daemon.isAlive()).as("%s's daemon running; its log: %s", node, daemon.log()).isTrue();
    }

    /** Every thread of every process of the cluster keeps its nice unless it is a worker's (or a daemon's own). */
    private static void assertOnlyWorkersChanged(StormCluster cluster, Map<String, Long> workers,
                                                 Map<String, LachesisDaemon> daemons) {
        Set<Long> daemonJvms = new TreeSet<>();
        for (LachesisDaemon daemon : daemons.values()) {
            ProcessHandle.of(daemon.pid()).ifPresent(h -> {
                daemonJvms.add(h.pid());
                h.descendants().forEach(d -> daemonJvms.add(d.pid()));
            });
        }
        Map<Long, String> others = new LinkedHashMap<>();
        for (long pid : cluster.allProcesses()) {
            if (!workers.containsValue(pid) && !daemonJvms.contains(pid)) {
                others.put(pid, commandOf(pid));
            }
        }
        assertThat(others.values()).as("the cluster's other processes").anyMatch(c -> c.contains("Nimbus"))
                .anyMatch(c -> c.contains("Supervisor")).anyMatch(c -> c.contains("LogWriter"))
                .anyMatch(c -> c.contains("ZooKeeperServerMain"));
        for (Map.Entry<Long, String> other : others.entrySet()) {
            assertThat(ThreadSched.allOf(other.getKey()).values()).as("threads of %s", other.getValue())
                    .allMatch(s -> s.nice() == 0 && !s.isRealTime());
        }
    }

    /**
     * The daemon's rounds rank threads of its node's worker only (as its node numbers it), and
     * every operator they name runs in that worker: its executors' threads carry their names.
     */
    private static void assertRoundsNameOnlyTheirWorker(LinuxNode node, LachesisDaemon daemon, long worker)
            throws IOException {
        long workerInNode = LinuxNode.pidInNode(worker).orElseThrow();
        List<JsonNode> rows = lastRoundRows(daemon);
        assertThat(rows).as("%s's last round's threads", node.hostname()).isNotEmpty();
        assertThat(rows).as("%s's last round's threads, by PID", node.hostname())
                .allMatch(r -> r.get("pid").asLong() == workerInNode);
        Set<String> operators = rows.stream().map(r -> r.get("operator")).filter(o -> o != null && !o.isNull())
                .map(JsonNode::asText).collect(Collectors.toCollection(TreeSet::new));
        Set<String> threadNames = rows.stream().map(r -> r.get("thread").asText()).collect(Collectors.toSet());
        LOG.info("{} ranks operators {} of worker {}", node.hostname(), operators, workerInNode);
        assertThat(daemon.log()).as("%s's daemon's log", node.hostname())
                .contains("host '" + node.hostname() + "'");
        assertThat(operators).as("operators %s ranks", node.hostname()).isNotEmpty();
        assertThat(threadNames).as("thread names of the operators %s ranks", node.hostname()).isNotEmpty();
    }

    /**
     * SIGKILL to the worker of {@code node}: its Supervisor starts it again, and the node's daemon
     * ranks a thread of the new JVM at the latest {@value #MOST_ROUNDS_TO_REATTACH} rounds after the
     * first round that could read a series of the new JVM from Graphite.
     */
    private static void reattachesAfterARestart(StormCluster cluster, String topology, String node, LachesisDaemon daemon,
                                                Map<String, Long> workers) throws Exception {
        long old = workers.get(node);
        Instant killed = Instant.now();
        ProcessHandle.of(old).orElseThrow().destroyForcibly();
        long restarted = await(node + "'s Supervisor starts its worker again").atMost(START_TIMEOUT)
                .pollInterval(Duration.ofMillis(200))
                .until(() -> cluster.workerPids(node), pids -> pids.size() == 1 && pids.get(0) != old).get(0);
        Instant firstSeries = await("the restarted worker's first series in Graphite").atMost(START_TIMEOUT)
                .pollInterval(Duration.ofMillis(200)).until(() -> firstSeriesSince(topology, node, killed),
                        Optional::isPresent).get();
        long inNode = LinuxNode.pidInNode(restarted).orElseThrow();
        Instant ranked = await(node + "'s daemon ranks the restarted worker's threads").atMost(Duration.ofMinutes(1))
                .pollInterval(Duration.ofMillis(250)).until(() -> firstRoundWith(daemon, inNode), Optional::isPresent)
                .get();
        long roundsWithout = roundStarts(daemon).stream().filter(t -> !t.isBefore(firstSeries) && t.isBefore(ranked))
                .count();
        LOG.info("Worker of {} restarted as {} (killed at {}); first series in Graphite by {}, first ranked in the round "
                + "of {}, {} round(s) later", node, restarted, killed, firstSeries, ranked, roundsWithout);
        assertThat(roundsWithout).as("rounds from the one that could first read the restarted worker's series to the "
                + "one that ranks it (first series by %s, ranked at %s)", firstSeries, ranked)
                .isLessThanOrEqualTo(MOST_ROUNDS_TO_REATTACH);
        await(node + "'s daemon changes threads of its restarted worker").atMost(Duration.ofSeconds(30))
                .until(() -> niceValues(restarted).stream().anyMatch(n -> n != original(restarted)));
        workers.put(node, restarted);
    }

    /**
     * By when Graphite held the first value, stamped after {@code since}, of any receive queue the
     * {@code node}'s worker reports: the end of the second it is stamped with (the reporter stamps
     * a value with the whole second it sends it in).
     */
    private static Optional<Instant> firstSeriesSince(String topology, String node, Instant since)
            throws IOException, InterruptedException {
        String target = "storm.worker." + topology + "-*." + node + ".*.*.*-receive-queue-population";
        return new GraphiteRender(RealGraphite.URL).series(target, Instant.now().minusSeconds(120), Instant.now())
                .values().stream().flatMap(List::stream).map(GraphiteRender.Point::at)
                .filter(at -> at.isAfter(since)).min(Instant::compareTo).map(at -> at.plusSeconds(1));
    }

    /** The start of the daemon's first round that ranks a thread of the process its node numbers {@code pid}. */
    private static Optional<Instant> firstRoundWith(LachesisDaemon daemon, long pid) throws IOException {
        for (String line : daemon.rounds()) {
            JsonNode round = JSON.readTree(line);
            for (JsonNode row : round.get("threads")) {
                if (row.get("pid").asLong() == pid) {
                    return Optional.of(Instant.parse(round.get("startedAt").asText()));
                }
            }
        }
        return Optional.empty();
    }

    private static List<Instant> roundStarts(LachesisDaemon daemon) throws IOException {
        List<Instant> starts = new ArrayList<>();
        for (String line : daemon.rounds()) {
            starts.add(Instant.parse(JSON.readTree(line).get("startedAt").asText()));
        }
        return starts;
    }

    private static List<JsonNode> lastRoundRows(LachesisDaemon daemon) throws IOException {
        List<String> rounds = daemon.rounds();
        assertThat(rounds).as("rounds; the daemon's log: %s", daemon.log()).isNotEmpty();
        List<JsonNode> rows = new ArrayList<>();
        JSON.readTree(rounds.get(rounds.size() - 1)).get("threads").forEach(rows::add);
        assertThat(rows).as("the last round's threads; the daemon's log: %s", daemon.log()).isNotEmpty();
        return rows;
    }

    /** The threads of {@code pid} whose nice is not {@code nice}, as {@code name (tid): nice}. */
    private static List<String> threadsNotAt(long pid, int nice) {
        ProcFs proc = ProcFs.system();
        List<String> threads = new ArrayList<>();
        ThreadSched.allOf(pid).forEach((tid, sched) -> {
            if (sched.nice() != nice) {
                threads.add(proc.comm((int) pid, tid.intValue()).orElse("?") + " (" + tid + "): " + sched.label());
            }
        });
        return threads;
    }

    private static List<Integer> niceValues(long pid) {
        return ThreadSched.allOf(pid).values().stream().map(ThreadSched::nice).toList();
    }

    /** The nice the worker started with: its main thread's, which no policy ranks. */
    private static int original(long pid) {
        return ThreadSched.of(pid, pid).map(ThreadSched::nice).orElse(0);
    }

    /** The command line {@code /proc} shows (Java's own view of it is cut short on long class paths). */
    private static String commandOf(long pid) {
        try {
            return new String(Files.readAllBytes(Path.of("/proc", Long.toString(pid), "cmdline")), StandardCharsets.UTF_8)
                    .replace('\0', ' ').strip();
        } catch (IOException e) {
            return "PID " + pid + " (ended)";
        }
    }
}
