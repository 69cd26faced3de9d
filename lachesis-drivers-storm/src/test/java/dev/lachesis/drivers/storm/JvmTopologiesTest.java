package dev.lachesis.drivers.storm;

import static dev.lachesis.drivers.storm.StormFixtures.TOPOLOGY_1_WORKER;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.core.model.JvmThread;
import dev.lachesis.core.model.ThreadRef;
import dev.lachesis.core.proc.ProcFs;
import dev.lachesis.core.spi.Series;
import dev.lachesis.core.testing.LogCapture;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Placing topologies in JVMs from {@code /proc} and the series alone, with thread names captured
 * from a Storm 2.8.3 LocalCluster (the pipeline query) and a Storm 1.2.3 one (a word count, standing
 * for another topology), and series names captured from Storm 2.8.3's reporter.
 */
class JvmTopologiesTest {
    private static final long NOW = 1_795_433_574L;
    private static final int PID = 4242;
    private static final int OTHER = 5151;
    private static final int IDLE = 6161;
    private static final List<String> LOCAL_MODE = List.of("/usr/bin/java", "-cp",
            "/opt/app/app.jar:/opt/app/lib/storm-server-2.8.3.jar", "org.apache.storm.LocalCluster", "app.Main");

    @TempDir
    Path proc;

    private final StormMetricLayout layout = new Storm2MetricLayout("", "*");

    private JvmTopologies topologies() {
        return new JvmTopologies(layout, new ProcFs(proc));
    }

    private Map<Integer, List<String>> update(JvmTopologies topologies, List<Series> series, Set<String> stillReporting,
                                              int... pids) {
        List<StormProcess> processes = new ArrayList<>();
        for (int pid : pids) {
            processes.add(new StormProcess(pid, null, null));
        }
        return topologies.update(processes, StormMetrics.of(series, layout::parse), stillReporting,
                Instant.ofEpochSecond(NOW));
    }

    /** A local-mode JVM with the threads of a captured dump, its process started at {@code processStart}. */
    private void localJvm(int pid, List<JvmThread> threads, double processStart) throws IOException {
        StormFixtures.process(proc, pid, LOCAL_MODE, threads);
        StormFixtures.started(proc, pid, processStart, NOW);
    }

    private static List<JvmThread> pipeline(int pid) {
        return StormFixtures.threads(pid, "storm-2.8.3/threads-1-worker.txt");
    }

    /** The pipeline's LocalCluster before its topology's executors started. */
    private static List<JvmThread> idle(int pid) {
        return pipeline(pid).stream().filter(t -> !t.name().contains("-executor[")).toList();
    }

    private static List<JvmThread> wordCount(int pid) {
        return StormFixtures.threads(pid, "storm-1.2.3/threads-1-worker.txt");
    }

    /**
     * What a topology's first report holds: its executors' receive queue gauges and its workers'
     * transfer queues; {@code __system}'s start comes a second or more later.
     */
    private static List<Series> firstReport(String topology) {
        List<Series> series = new ArrayList<>();
        for (String name : StormFixtures.lines("storm-2.8.3/metric-names-1-worker.txt")) {
            if (name.contains("-receive-queue-") || name.endsWith("-worker-transfer-queue-population")) {
                series.add(StormFixtures.series(name.replace(TOPOLOGY_1_WORKER, topology), NOW, 0));
            }
        }
        return series;
    }

    /** The first report with {@code __system}'s start, as the JVM noted it (whole seconds). */
    private static List<Series> withStart(String topology, long reportedStart) {
        List<Series> series = new ArrayList<>(firstReport(topology));
        series.add(StormFixtures.series("storm.topology." + topology + ".localhost.__system.-1.1024-startTimeSecs", NOW,
                reportedStart));
        return series;
    }

    @Test
    void aTopologyGoesToTheOnlyLocalJvmWhoseThreadsShowItsExecutorsBeforeItReportsItsStart() throws Exception {
        localJvm(PID, pipeline(PID), NOW - 30.2);
        localJvm(OTHER, wordCount(OTHER), NOW - 30.6);
        localJvm(IDLE, idle(IDLE), NOW - 30.9);
        JvmTopologies topologies = topologies();

        try (LogCapture log = new LogCapture(JvmTopologies.class)) {
            Map<Integer, List<String>> first = update(topologies, firstReport(TOPOLOGY_1_WORKER), Set.of(), PID, OTHER, IDLE);
            Map<Integer, List<String>> confirmed = update(topologies, withStart(TOPOLOGY_1_WORKER, NOW - 30),
                    Set.of(TOPOLOGY_1_WORKER), PID, OTHER, IDLE);
            update(topologies, withStart(TOPOLOGY_1_WORKER, NOW - 30), Set.of(TOPOLOGY_1_WORKER), PID, OTHER, IDLE);

            assertThat(first).isEqualTo(Map.of(PID, List.of(TOPOLOGY_1_WORKER)));
            assertThat(confirmed).isEqualTo(first);
            assertThat(log.lines()).as("its start confirms it silently").containsExactly(
                    "INFO Storm topology " + TOPOLOGY_1_WORKER + " runs in PID " + PID + " (local mode, the only JVM whose "
                            + "threads show its executors; its start is not reported yet)");
        }
    }

    /**
     * Seen on this machine: another LocalCluster had run the same example query for an hour when ours
     * reported its first queues, before our executors started.
     */
    @Test
    void aJvmWhoseExecutorsLookAlikeButStartedBeforeTheTopologyWasSubmittedDoesNotRunIt() throws Exception {
        localJvm(OTHER, pipeline(OTHER), NOW - 3600.5);
        StormFixtures.threadsStarted(proc, OTHER, pipeline(OTHER), 3000);
        localJvm(PID, idle(PID), NOW - 70.5);
        JvmTopologies topologies = topologies();

        Map<Integer, List<String>> beforeExecutors = update(topologies, firstReport(TOPOLOGY_1_WORKER), Set.of(),
                OTHER, PID);
        StormFixtures.threadsStarted(proc, PID, pipeline(PID), 2);
        Map<Integer, List<String>> withExecutors = update(topologies, firstReport(TOPOLOGY_1_WORKER), Set.of(),
                OTHER, PID);

        assertThat(TopologyIds.submittedAt(TOPOLOGY_1_WORKER)).hasValue(NOW - 58);
        assertThat(beforeExecutors).isEmpty();
        assertThat(withExecutors).isEqualTo(Map.of(PID, List.of(TOPOLOGY_1_WORKER)));
    }

    @Test
    void theStartATopologyReportsMovesItFromAJvmWhoseThreadsLookedAlike() throws Exception {
        localJvm(PID, pipeline(PID), NOW - 90.5);
        localJvm(PID + 1, idle(PID + 1), NOW - 20.5);
        JvmTopologies topologies = topologies();

        Map<Integer, List<String>> guessed = update(topologies, firstReport(TOPOLOGY_1_WORKER), Set.of(), PID, PID + 1);
        localJvm(PID + 1, pipeline(PID + 1), NOW - 20.5);
        Map<Integer, List<String>> moved = update(topologies, withStart(TOPOLOGY_1_WORKER, NOW - 20),
                Set.of(TOPOLOGY_1_WORKER), PID, PID + 1);

        assertThat(guessed).isEqualTo(Map.of(PID, List.of(TOPOLOGY_1_WORKER)));
        assertThat(moved).isEqualTo(Map.of(PID + 1, List.of(TOPOLOGY_1_WORKER)));
    }

    @Test
    void jvmsWhoseExecutorsLookAlikeWaitForTheStartsTheirTopologiesReport() throws Exception {
        String high = "q-high-1-1795432900";
        String low = "q-low-2-1795432960";
        localJvm(PID, pipeline(PID), NOW - 600.5);
        localJvm(PID + 1, pipeline(PID + 1), NOW - 560.5);
        JvmTopologies topologies = topologies();
        List<Series> firstReports = new ArrayList<>(firstReport(high));
        firstReports.addAll(firstReport(low));
        List<Series> starts = new ArrayList<>(withStart(high, NOW - 600));
        starts.addAll(withStart(low, NOW - 560));

        assertThat(update(topologies, firstReports, Set.of(), PID, PID + 1)).isEmpty();
        assertThat(update(topologies, starts, Set.of(high, low), PID, PID + 1))
                .isEqualTo(Map.of(PID, List.of(high), PID + 1, List.of(low)));
    }

    /** Measured here: with both cores busy a JVM noted its start up to 2.0 s after its process started, 2.8 s with six busy loops. */
    @Test
    void aJvmThatNotedItsStartSecondsAfterItsProcessStartedUnderLoadIsStillItsTopologysJvm() throws Exception {
        localJvm(PID, pipeline(PID), NOW - 100.0);
        localJvm(PID + 1, pipeline(PID + 1), NOW - 107.0);
        localJvm(PID + 2, pipeline(PID + 2), NOW - 96.5);

        assertThat(update(topologies(), withStart(TOPOLOGY_1_WORKER, NOW - 98), Set.of(), PID, PID + 1, PID + 2))
                .as("VM initialised 2.8 s after the process started; one JVM started too early, one too late")
                .isEqualTo(Map.of(PID, List.of(TOPOLOGY_1_WORKER)));
        assertThat(JvmTopologies.startedWith(NOW - 98, NOW - 100.0 - JvmTopologies.JVM_START_LAG_SECONDS - 0.1)).isFalse();
        assertThat(JvmTopologies.startedWith(NOW - 98, NOW - 96.9)).isFalse();
        assertThat(JvmTopologies.startedWith(NOW - 98, NOW - 97.02)).as("/proc's clock ticks may be a little off").isTrue();
    }

    @Test
    void aPlacementLastsWhileTheJvmLivesAndItsTopologyReportedRecently() throws Exception {
        localJvm(PID, pipeline(PID), NOW - 30.2);
        JvmTopologies topologies = topologies();
        update(topologies, withStart(TOPOLOGY_1_WORKER, NOW - 30), Set.of(TOPOLOGY_1_WORKER), PID);

        assertThat(update(topologies, List.of(), Set.of(TOPOLOGY_1_WORKER), PID)).as("a round without series")
                .isEqualTo(Map.of(PID, List.of(TOPOLOGY_1_WORKER)));
        assertThat(update(topologies, List.of(), Set.of(), PID)).as("no longer reporting").isEmpty();

        update(topologies, withStart(TOPOLOGY_1_WORKER, NOW - 30), Set.of(TOPOLOGY_1_WORKER), PID);
        localJvm(PID, idle(PID), NOW - 2.5);
        assertThat(update(topologies, List.of(), Set.of(TOPOLOGY_1_WORKER), PID)).as("the PID now runs another JVM")
                .isEmpty();
    }

    @Test
    void aWorkerIsTakenOnceItsTopologyReportsFromItsPortAndItsThreadsShowTheExecutors() throws Exception {
        List<String> worker = List.of("java", "-server", "org.apache.storm.daemon.worker.Worker", TOPOLOGY_1_WORKER,
                "supervisor-1", "6627", "1024", "worker-uuid");
        List<String> otherPort = List.of("java", "-server", "org.apache.storm.daemon.worker.Worker", TOPOLOGY_1_WORKER,
                "supervisor-1", "6627", "1025", "worker-uuid-2");
        StormFixtures.process(proc, PID, worker, idle(PID));
        StormFixtures.started(proc, PID, NOW - 30.2, NOW);
        StormFixtures.process(proc, OTHER, otherPort, pipeline(OTHER));
        StormFixtures.started(proc, OTHER, NOW - 30.2, NOW);
        JvmTopologies topologies = topologies();
        List<StormProcess> workers = List.of(StormProcess.fromCommandLine(PID, worker).orElseThrow(),
                StormProcess.fromCommandLine(OTHER, otherPort).orElseThrow());
        StormMetrics metrics = StormMetrics.of(firstReport(TOPOLOGY_1_WORKER), layout::parse);

        Map<Integer, List<String>> beforeExecutors = topologies.update(workers, metrics, Set.of(), Instant.ofEpochSecond(NOW));
        StormFixtures.process(proc, PID, worker, pipeline(PID));
        Map<Integer, List<String>> withExecutors = topologies.update(workers, metrics, Set.of(), Instant.ofEpochSecond(NOW));

        assertThat(beforeExecutors).as("its executors have not started: a dump now would not see them").isEmpty();
        assertThat(withExecutors).as("nothing reports from port 1025").isEqualTo(Map.of(PID, List.of(TOPOLOGY_1_WORKER)));
    }

    @Test
    void executorsAreToldByTheKernelsCutOfTheirNames() {
        List<JvmThread> threads = pipeline(1);
        List<String> comms = threads.stream().map(JvmThread::name).map(StormFixtures::comm).toList();

        for (String component : List.of("source", "light", "heavy", "sink", "__system", "__acker")) {
            assertThat(comms).as(component).filteredOn(c -> StormThreadNames.mayBeExecutorOf(c, component))
                    .isNotEmpty().allMatch(c -> c.startsWith("Thread-"));
        }
        assertThat(comms).filteredOn(c -> StormThreadNames.mayBeExecutorOf(c, "split")).isEmpty();
        assertThat(StormThreadNames.mayBeExecutorOf(StormFixtures.comm("Thread-43-heavy-executor[2, 2]"), "heavy-weight"))
                .as("the cut hides the rest of the component").isTrue();
        assertThat(StormThreadNames.mayBeExecutorOf(StormFixtures.comm("Thread-123456789012-x-executor[1, 1]"), "light"))
                .as("cut inside the thread number").isTrue();
        assertThat(StormThreadNames.mayBeExecutorOf("Thread-4", "heavy")).isFalse();
        assertThat(StormThreadNames.mayBeExecutorOf("pool-36-thread-", "heavy")).isFalse();
        assertThat(wordCount(1).stream().map(JvmThread::name).map(StormFixtures::comm)
                .filter(c -> StormThreadNames.mayBeExecutorOf(c, "split"))).as("Storm 1.x names").isNotEmpty();
    }

    /** Java 8 gives a JVM's threads no native names: every {@code comm} reads {@code java}. */
    @Test
    void aJvmWhoseThreadsTheKernelDoesNotNameIsPlacedByItsReportedStartAlone() throws Exception {
        List<JvmThread> unnamed = pipeline(PID).stream().map(t -> new JvmThread(t.ref(), "java")).toList();
        localJvm(PID, unnamed, NOW - 30.2);
        localJvm(PID + 1, unnamed.stream().map(t -> new JvmThread(new ThreadRef(PID + 1, t.tid()), "java")).toList(),
                NOW - 300.2);
        JvmTopologies topologies = topologies();

        assertThat(update(topologies, firstReport(TOPOLOGY_1_WORKER), Set.of(), PID, PID + 1)).isEmpty();
        assertThat(update(topologies, withStart(TOPOLOGY_1_WORKER, NOW - 30), Set.of(), PID, PID + 1))
                .isEqualTo(Map.of(PID, List.of(TOPOLOGY_1_WORKER)));
    }
}
