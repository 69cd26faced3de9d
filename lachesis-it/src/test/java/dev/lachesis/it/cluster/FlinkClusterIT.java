package dev.lachesis.it.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.lachesis.core.proc.ProcFs;
import dev.lachesis.core.proc.TaskStat;
import dev.lachesis.experiments.flink.ExampleQueryJob;
import dev.lachesis.experiments.flink.FlinkSettings;
import dev.lachesis.experiments.process.LachesisDaemon;
import dev.lachesis.experiments.process.LachesisHome;
import dev.lachesis.testkit.LinuxNode;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Issue 41, Flink: a standalone Flink 1.20 cluster as users run it, on two "nodes" of this machine
 * ({@link LinuxNode}: a PID, UTS and mount namespace each, one CPU each): the JobManager and a
 * TaskManager in {@code node-a}, a TaskManager in {@code node-b}, one slot each, every JVM reporting
 * to the suite's Graphite as its {@code config.yaml} says; the example query submitted as a job jar
 * through the JobManager's REST API with parallelism 2, so each TaskManager runs one subtask of the
 * heavy operator. One daemon per node, started inside the node with the same policy file (QS
 * through {@code nice}, from the Graphite series), as {@code bin/lachesis run} is started on each
 * machine of a cluster. What a user checks, from {@code /proc} and the daemons' rounds:
 * <ul>
 *   <li>each daemon changes threads of its own node's TaskManager only: not the JobManager beside
 *       it, not the other node's TaskManager, no other process of the nodes; its rounds name only
 *       the subtasks the JobManager placed on its TaskManager;</li>
 *   <li>node-b's TaskManager SIGKILLed and a new one started in node-b (the job restarts under
 *       the fixed-delay strategy): node-b's daemon schedules the new TaskManager's subtask within
 *       two rounds of the subtask's first point in Graphite;</li>
 *   <li>SIGTERM to each daemon puts every thread it changed back to its nice before.</li>
 * </ul>
 * Needs root (namespaces, nice values below 0) and Graphite ({@code deploy/graphite/graphite.sh};
 * skipped without it unless {@code LACHESIS_REQUIRE_GRAPHITE=1}). Every JVM and daemon is killed
 * however the test ends.
 */
class FlinkClusterIT {
    private static final Logger LOG = LoggerFactory.getLogger(FlinkClusterIT.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String CARBON = "127.0.0.1:2003";
    private static final URI GRAPHITE_WEB = URI.create("http://127.0.0.1:8080");
    /** The cluster starts in minutes on two CPUs shared with builds and other clusters. */
    private static final Duration CLUSTER_TIMEOUT = Duration.ofMinutes(5);
    private static final Duration SCHEDULED_TIMEOUT = Duration.ofMinutes(2);
    private static final String TM_A = "tm-node-a";
    private static final String TM_B = "tm-node-b";
    private static final String TM_B_AGAIN = "tm-node-b-2";
    private static final String POLICY = """
            spes:
              - name: flink
                driver: flink
                settings:
                  rest-url: http://127.0.0.1:%d
                  metrics-from: graphite
                  task-scope: "%s"
                  operator-scope: "%s"
            metrics:
              source: graphite
              url: %s
              window: 10s
            policies:
              - name: flink-qs
                policy: qs
                period: 1s
                spes: [flink]
                translator: nice
            """;

    /** Kept when the test fails: the JVMs' logs, the daemons' logs and rounds say what happened. */
    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    Path tmp;

    @BeforeAll
    static void needsRootAndGraphite() throws IOException {
        assumeTrue(Files.readString(Path.of("/proc/self/status")).lines().anyMatch(l -> l.matches("Uid:\\s+0\\s.*")),
                "nodes (namespaces) and nice values below 0 need root");
        if (!graphiteIsUp()) {
            if ("1".equals(System.getenv("LACHESIS_REQUIRE_GRAPHITE"))) {
                fail("LACHESIS_REQUIRE_GRAPHITE=1 but no Graphite answers on " + CARBON + " and " + GRAPHITE_WEB
                        + "; start it with deploy/graphite/graphite.sh");
            }
            org.junit.jupiter.api.Assumptions.abort("no Graphite on " + CARBON + " and " + GRAPHITE_WEB
                    + " (deploy/graphite/graphite.sh starts one)");
        }
    }

    @Test
    void eachNodesDaemonSchedulesItsOwnTaskManagerOnlyFollowsItsRestartAndRestoresItOnStop() throws Exception {
        Path hosts = Files.writeString(tmp.resolve("hosts"), "127.0.0.1 localhost\n127.0.1.1 node-a\n127.0.1.2 node-b\n");
        try (LinuxNode a = LinuxNode.start("node-a", 0, hosts); LinuxNode b = LinuxNode.start("node-b", 1, hosts);
             FlinkStandaloneCluster flink = FlinkStandaloneCluster.configure(tmp.resolve("flink"), CARBON)) {
            NodeProcess jobManager = flink.startJobManager(a);
            NodeProcess tmA = flink.startTaskManager(a, TM_A);
            NodeProcess tmB = flink.startTaskManager(b, TM_B);
            flink.awaitTaskManagers(List.of(TM_A, TM_B));
            String job = flink.rest().run(jobJar(), ExampleQueryJob.class.getName(),
                    List.of("--rate", "1000", "--heavy-cost-us", "500"), 2);
            Map<String, String> placement = awaitRunningOn(flink, job, List.of(TM_A, TM_B));
            LOG.info("Job {} runs its subtasks on {}", job, placement);
            assertThat(placement.entrySet().stream().filter(e -> e.getKey().startsWith("heavy ")).map(Map.Entry::getValue))
                    .as("the heavy operator's two subtasks, one on each TaskManager").containsExactlyInAnyOrder(TM_A, TM_B);
            assertThat(nonZeroNices(List.of(a, b))).as("threads of the nodes away from nice 0 before any daemon").isEmpty();

            Path config = Files.writeString(tmp.resolve("lachesis.yaml"), POLICY.formatted(flink.restPort(),
                    FlinkSettings.TASK_SCOPE, FlinkSettings.OPERATOR_SCOPE, GRAPHITE_WEB));
            Path lachesis = LachesisHome.lachesis(null);
            try (LachesisDaemon daemonA = LachesisDaemon.start(a.launcher(), lachesis, config, tmp.resolve("daemon-a"));
                 LachesisDaemon daemonB = LachesisDaemon.start(b.launcher(), lachesis, config, tmp.resolve("daemon-b"))) {
                awaitThreadsChanged(daemonA, tmA);
                awaitThreadsChanged(daemonB, tmB);
                assertOnlyTaskManagersChanged(List.of(a, b), List.of(tmA, tmB), jobManager);
                assertRoundsNameOnly(daemonA, tmA, subtasksOn(placement, TM_A), subtasksOn(placement, TM_B), List.of());
                assertRoundsNameOnly(daemonB, tmB, subtasksOn(placement, TM_B), subtasksOn(placement, TM_A), List.of());

                int killedInNode = pidInNode(tmB.pid());
                tmB.kill();
                NodeProcess tmBAgain = flink.startTaskManager(b, TM_B_AGAIN);
                Map<String, String> replaced = awaitRunningOn(flink, job, List.of(TM_A, TM_B_AGAIN));
                LOG.info("After the restart job {} runs its subtasks on {}", job, replaced);
                assertReattachedWithinTwoRounds(daemonB, tmBAgain, job, subtasksOn(replaced, TM_B_AGAIN));
                awaitThreadsChanged(daemonA, tmA);
                awaitThreadsChanged(daemonB, tmBAgain);
                assertOnlyTaskManagersChanged(List.of(a, b), List.of(tmA, tmBAgain), jobManager);
                assertRoundsNameOnly(daemonB, tmBAgain, subtasksOn(replaced, TM_B_AGAIN), subtasksOn(replaced, TM_A),
                        List.of(killedInNode));

                assertStopRestores(daemonA, a, tmA);
                assertStopRestores(daemonB, b, tmBAgain);
            }
        }
    }

    /** The example queries' job jar, built by experiments/flink and on this module's class path. */
    private static Path jobJar() {
        return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(e -> e.matches(".*/lachesis-experiments-flink-[^/]*\\.jar") && !e.endsWith("-tests.jar"))
                .map(Path::of).findFirst()
                .orElseThrow(() -> new IllegalStateException("no lachesis-experiments-flink jar on the class path; "
                        + "run the tests through mvn verify, which packages experiments/flink first"));
    }

    /** Waits until every subtask of the job runs, on exactly the given TaskManagers; returns where each runs. */
    private static Map<String, String> awaitRunningOn(FlinkStandaloneCluster flink, String job, List<String> taskManagers) {
        return await("job " + job + " running on " + taskManagers).atMost(CLUSTER_TIMEOUT).pollInterval(Duration.ofSeconds(1))
                .ignoreExceptions().until(() -> flink.rest().runningSubtasks(job),
                        p -> p.size() == 4 && p.values().stream().distinct().sorted().toList()
                                .equals(taskManagers.stream().sorted().toList()));
    }

    private static List<String> subtasksOn(Map<String, String> placement, String taskManager) {
        return placement.entrySet().stream().filter(e -> e.getValue().equals(taskManager)).map(Map.Entry::getKey).toList();
    }

    /**
     * Waits until the daemon has moved a thread of the TaskManager away from nice 0, as /proc shows it,
     * and has printed a round ranking the TaskManager's threads (it prints a round once it applied it).
     */
    private static void awaitThreadsChanged(LachesisDaemon daemon, NodeProcess taskManager) {
        int pidInNode = pidInNode(taskManager.pid());
        await("a thread of TaskManager " + taskManager + " moved by its node's daemon").atMost(SCHEDULED_TIMEOUT)
                .pollInterval(Duration.ofMillis(500))
                .until(() -> !daemon.isAlive() || !nonZero(taskManager.pid()).isEmpty()
                        && threadRows(daemon).stream().anyMatch(r -> r.path("pid").asInt() == pidInNode));
        assertThat(daemon.isAlive()).as("daemon running; its log: %s", daemon.log()).isTrue();
    }

    /**
     * Every thread of the nodes away from nice 0 (where every JVM starts) belongs to one of the
     * TaskManagers, and each TaskManager has some: the JobManager beside TaskManager a and every other
     * process of the nodes (nsenter, the daemons) are untouched.
     */
    private static void assertOnlyTaskManagersChanged(List<LinuxNode> nodes, List<NodeProcess> taskManagers,
                                                      NodeProcess jobManager) throws IOException {
        Map<Long, Map<Integer, Integer>> changed = nonZeroNices(nodes);
        LOG.info("Threads away from nice 0, by PID: {}", changed);
        assertThat(changed.keySet()).as("processes with threads away from nice 0 (TaskManagers %s, JobManager %s)",
                taskManagers, jobManager).containsExactlyInAnyOrderElementsOf(taskManagers.stream().map(NodeProcess::pid).toList());
    }

    /**
     * The rounds name threads of the node's TaskManagers only (this one, or one killed since, by its
     * PID in the node), and of this one only the subtasks the JobManager placed on it.
     */
    private static void assertRoundsNameOnly(LachesisDaemon daemon, NodeProcess taskManager, List<String> own,
                                             List<String> others, List<Integer> earlierTaskManagers) throws IOException {
        int pidInNode = pidInNode(taskManager.pid());
        List<JsonNode> rows = threadRows(daemon);
        assertThat(rows).extracting(r -> r.path("pid").asInt()).as("PIDs (in the node) of the threads ranked")
                .contains(pidInNode).allMatch(pid -> pid == pidInNode || earlierTaskManagers.contains(pid));
        for (JsonNode row : rows) {
            String thread = row.path("thread").asText();
            if (row.path("pid").asInt() == pidInNode) {
                assertThat(own).as("subtasks placed on %s (others %s); thread %s", taskManager, others, thread)
                        .anyMatch(thread::contains);
                assertThat(others).as("thread %s", thread).noneMatch(thread::contains);
            }
        }
    }

    /**
     * The first round of node-b's daemon that ranks the new TaskManager's heavy subtask, against that
     * subtask's first point in Graphite. The subtask has one series wherever it runs (the task scope
     * names no TaskManager), and before the restart another TaskManager may have run it: its first
     * point here is the first stamped in or after the second its thread started (as {@code /proc}
     * shows). A point is stamped with the second it was sent in, so it was readable within 1 s of
     * its stamp; from then on the daemon may take two rounds (the first may see one point of a
     * counter, whose rate takes two). Bound: at most two of the daemon's own rounds start from 1 s
     * after the stamp until the round that ranks the thread (a round late under load counts once).
     */
    private static void assertReattachedWithinTwoRounds(LachesisDaemon daemon, NodeProcess taskManager, String job,
                                                        List<String> subtasks) throws Exception {
        int pidInNode = pidInNode(taskManager.pid());
        String heavy = subtasks.stream().filter(s -> s.startsWith("heavy ")).findFirst().orElseThrow();
        int index = Integer.parseInt(heavy.substring("heavy (".length(), heavy.indexOf('/'))) - 1;
        JsonNode round = await("a round of node-b's daemon ranking " + heavy + " of the new TaskManager")
                .atMost(SCHEDULED_TIMEOUT).pollInterval(Duration.ofMillis(500))
                .until(() -> firstRoundRanking(daemon, pidInNode, heavy), Optional::isPresent).orElseThrow();
        int tidInNode = StreamSupport.stream(round.path("threads").spliterator(), false)
                .filter(r -> r.path("pid").asInt() == pidInNode && r.path("thread").asText().startsWith(heavy))
                .findFirst().orElseThrow().path("tid").asInt();
        int tid = tidsInNode(taskManager.pid()).entrySet().stream().filter(e -> e.getValue() == tidInNode)
                .findFirst().orElseThrow().getKey();
        double age = ProcFs.system().threadAgeSeconds((int) taskManager.pid(), tid).orElseThrow();
        Instant threadStarted = Instant.ofEpochSecond((long) Math.floor(System.currentTimeMillis() / 1000.0 - age));
        GraphiteRender graphite = new GraphiteRender(GRAPHITE_WEB.toString());
        String series = "flink.taskmanager." + job + ".*." + index + ".*.heavy.*.count";
        Instant firstPoint = await("the first point of " + series + " from " + threadStarted).atMost(SCHEDULED_TIMEOUT)
                .pollInterval(Duration.ofSeconds(1)).ignoreExceptions()
                .until(() -> graphite.firstPointFrom(series, threadStarted), Optional::isPresent).orElseThrow();
        Instant scheduled = Instant.parse(round.path("startedAt").asText());
        Instant readable = firstPoint.plusSeconds(1);
        long roundsBetween = rounds(daemon).stream().map(r -> Instant.parse(r.path("startedAt").asText()))
                .filter(t -> t.isAfter(readable) && !t.isAfter(scheduled)).count();
        LOG.info("Re-attach after the TaskManager's restart: {} of the new TaskManager started in second {}, first in "
                        + "Graphite at {} (stamp), first ranked by node-b's daemon in the round of {}: {} ms after the stamp, "
                        + "round {} after it was readable", heavy, threadStarted, firstPoint, scheduled,
                Duration.between(firstPoint, scheduled).toMillis(), roundsBetween);
        assertThat(roundsBetween).as("rounds from the first point's being readable (%s) to the round ranking %s (%s)",
                readable, heavy, scheduled).isLessThanOrEqualTo(2);
    }

    private static Optional<JsonNode> firstRoundRanking(LachesisDaemon daemon, int pidInNode, String subtask)
            throws IOException {
        for (JsonNode round : rounds(daemon)) {
            for (JsonNode row : round.path("threads")) {
                if (row.path("pid").asInt() == pidInNode && row.path("thread").asText().startsWith(subtask)) {
                    return Optional.of(round);
                }
            }
        }
        return Optional.empty();
    }

    /**
     * SIGTERM to the daemon inside its node: exit 143, the journal gone, and every thread of the
     * TaskManager back at nice 0, where it was before: the main thread of every subtask it ranked
     * (its rounds name them by their PIDs and thread ids in the node) and the helpers a subtask
     * starts from its main thread after the daemon moved it (its timer), which start at nice 0
     * rather than with the moved thread's nice (found here: Linux copies it, and the daemon took the
     * copy for the helper's original).
     */
    private static void assertStopRestores(LachesisDaemon daemon, LinuxNode node, NodeProcess taskManager)
            throws Exception {
        int pidInNode = pidInNode(taskManager.pid());
        List<Integer> mains = threadRows(daemon).stream()
                .filter(r -> r.path("pid").asInt() == pidInNode && "main".equals(r.path("kind").asText()))
                .map(r -> r.path("tid").asInt()).distinct().toList();
        List<Integer> touched = tidsInNode(taskManager.pid()).entrySet().stream()
                .filter(e -> mains.contains(e.getValue())).map(Map.Entry::getKey).toList();
        assertThat(touched).as("main threads of subtasks of %s the daemon ranked that still run", taskManager)
                .isNotEmpty();
        assertThat(nonZero(taskManager.pid()).keySet()).as("threads of %s away from nice 0 before the stop", taskManager)
                .containsAnyElementsOf(touched);

        assertThat(daemon.stop()).as("exit code (128 + SIGTERM); its log: %s", daemon.log()).isEqualTo(143);
        assertThat(nonZero(taskManager.pid())).as("threads of %s away from nice 0 after its daemon stopped",
                taskManager).isEmpty();
        assertThat(daemon.journal()).as("the journal, once every thread is restored").doesNotExist();
        assertThat(daemon.logLines("ERROR")).as("errors in the log of the daemon of %s", node).isEmpty();
    }

    /** Each thread of a process, as this machine numbers it, to its id in the process's node (the last of its NSpid). */
    private static Map<Integer, Integer> tidsInNode(long pid) {
        Map<Integer, Integer> tids = new LinkedHashMap<>();
        for (int tid : ProcFs.system().tids((int) pid)) {
            ProcFs.system().statusField(tid, "NSpid").ifPresent(ids -> {
                String[] numbers = ids.trim().split("\\s+");
                tids.put(tid, Integer.parseInt(numbers[numbers.length - 1]));
            });
        }
        return tids;
    }

    private static List<JsonNode> rounds(LachesisDaemon daemon) throws IOException {
        List<JsonNode> rounds = new ArrayList<>();
        for (String line : daemon.rounds()) {
            rounds.add(JSON.readTree(line));
        }
        return rounds;
    }

    private static List<JsonNode> threadRows(LachesisDaemon daemon) throws IOException {
        List<JsonNode> rows = new ArrayList<>();
        for (JsonNode round : rounds(daemon)) {
            round.path("threads").forEach(rows::add);
        }
        return rows;
    }

    /** The PID a process has inside its node, from the last number of its {@code NSpid} line. */
    private static int pidInNode(long pid) {
        return tidsInNode(pid).get((int) pid);
    }

    /**
     * The threads away from nice 0 of every process in the nodes (in the PID namespace of a node's
     * PID 1; their parents, nsenter, are outside), by PID as this machine numbers it.
     */
    private static Map<Long, Map<Integer, Integer>> nonZeroNices(List<LinuxNode> nodes) throws IOException {
        List<Path> namespaces = new ArrayList<>();
        for (LinuxNode node : nodes) {
            namespaces.add(Files.readSymbolicLink(Path.of("/proc", Long.toString(node.holderPid()), "ns", "pid")));
        }
        Map<Long, Map<Integer, Integer>> changed = new LinkedHashMap<>();
        for (int pid : ProcFs.system().pids()) {
            Map<Integer, Integer> threads = pidNamespace(pid).filter(namespaces::contains).isPresent()
                    ? nonZero(pid) : Map.of();
            if (!threads.isEmpty()) {
                changed.put((long) pid, threads);
            }
        }
        return changed;
    }

    private static Optional<Path> pidNamespace(int pid) {
        try {
            return Optional.of(Files.readSymbolicLink(Path.of("/proc", Integer.toString(pid), "ns", "pid")));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static Map<Integer, Integer> nonZero(long pid) {
        ProcFs proc = ProcFs.system();
        return proc.tids((int) pid).stream()
                .map(tid -> proc.taskStat((int) pid, tid))
                .flatMap(Optional::stream)
                .filter(stat -> stat.nice() != 0)
                .collect(Collectors.toMap(TaskStat::tid, TaskStat::nice, (x, y) -> x, LinkedHashMap::new));
    }

    private static boolean graphiteIsUp() {
        try (Socket carbon = new Socket()) {
            carbon.connect(new InetSocketAddress("127.0.0.1", 2003), 1000);
            return new GraphiteRender(GRAPHITE_WEB.toString()).firstPointFrom("no.such.series", Instant.now()).isEmpty();
        } catch (IOException | UncheckedIOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
