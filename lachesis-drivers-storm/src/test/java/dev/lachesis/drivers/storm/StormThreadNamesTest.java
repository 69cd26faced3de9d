package dev.lachesis.drivers.storm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.core.model.JvmThread;
import dev.lachesis.core.model.ThreadKind;
import dev.lachesis.drivers.storm.StormThread.Executor;
import dev.lachesis.drivers.storm.StormThread.ExecutorSender;
import dev.lachesis.drivers.storm.StormThread.WorkerHelper;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class StormThreadNamesTest {
    private static final WorkerHelper RUNTIME = new WorkerHelper(ThreadKind.RUNTIME, false);
    private static final WorkerHelper LIVENESS = new WorkerHelper(ThreadKind.LIVENESS, false);

    /**
     * The Storm threads of a dump, by name and tid; the JVM's own service threads and the threads that
     * keep the worker alive (heartbeats, ZooKeeper) are left out.
     */
    private static Map<String, StormThread> classified(String resource) {
        Map<String, StormThread> result = new TreeMap<>();
        for (JvmThread t : StormFixtures.threads(1, resource)) {
            StormThreadNames.classify(t.name()).filter(role -> !role.equals(RUNTIME) && !role.equals(LIVENESS))
                    .ifPresent(role -> result.put(t.name() + "#" + t.tid(), role));
        }
        return result;
    }

    @Test
    void storm28WorkerThreadsOfOneWorkerAreExecutorsAndTimers() {
        Map<String, StormThread> roles = classified("storm-2.8.3/threads-1-worker.txt");

        assertThat(roles.values()).filteredOn(Executor.class::isInstance).containsExactlyInAnyOrder(
                new Executor("__system", -1, -1), new Executor("source", 6, 6), new Executor("sink", 5, 5),
                new Executor("light", 4, 4), new Executor("heavy", 3, 3), new Executor("heavy", 2, 2),
                new Executor("__acker", 1, 1));
        assertThat(roles.values()).filteredOn(WorkerHelper.class::isInstance).containsExactlyInAnyOrder(
                new WorkerHelper(ThreadKind.TIMER, false), new WorkerHelper(ThreadKind.TIMER, false),
                new WorkerHelper(ThreadKind.TIMER, false), new WorkerHelper(ThreadKind.REPORTER, false));
        assertThat(roles.keySet()).filteredOn(n -> !n.startsWith("Thread-"))
                .map(n -> n.substring(0, n.indexOf('#')))
                .containsExactlyInAnyOrder("flush-tuple-timer", "backpressure-check-timer", "user-timer",
                        "metrics-graphite-reporter-1-thread-1");
    }

    @Test
    void aStorm1MetricsConsumersExecutorIsTheReporterThatPublishesTheMetrics() {
        assertThat(StormThreadNames.classify(
                "Thread-21-__metricsdev.lachesis.storm1.metrics.CarbonMetricsConsumer-executor[1 1]"))
                .contains(new WorkerHelper(ThreadKind.REPORTER, false));
        assertThat(StormThreadNames.classify("Thread-25-__system-executor[-1 -1]"))
                .contains(new Executor("__system", -1, -1));
    }

    @Test
    void theJvmsServiceThreadsAreRuntimeHelpersOfTheWorker() {
        assertThat(StormFixtures.threads(1, "storm-2.8.3/threads-1-worker.txt")).map(JvmThread::name)
                .filteredOn(n -> StormThreadNames.classify(n).equals(java.util.Optional.of(RUNTIME)))
                .contains("VM Thread");
        assertThat(StormThreadNames.classify("G1 Conc#0")).contains(RUNTIME);
        assertThat(StormThreadNames.classify("Finalizer")).isEmpty();
    }

    @Test
    void storm28WithTwoWorkersAddsTransferThreadsAndLocalMessaging() {
        Map<String, StormThread> roles = classified("storm-2.8.3/threads-2-workers.txt");

        assertThat(roles.entrySet()).filteredOn(e -> e.getKey().startsWith("Worker-Transfer#"))
                .extracting(Map.Entry::getValue)
                .containsExactly(new WorkerHelper(ThreadKind.SENDER, true), new WorkerHelper(ThreadKind.SENDER, true));
        assertThat(roles.entrySet()).filteredOn(e -> e.getKey().startsWith("LocalClientFlusher-"))
                .extracting(Map.Entry::getValue)
                .containsExactly(new WorkerHelper(ThreadKind.NETWORK, false), new WorkerHelper(ThreadKind.NETWORK, false));
        assertThat(roles.values()).filteredOn(r -> r instanceof Executor e && e.isSystem()).hasSize(4);
        assertThat(roles.values()).filteredOn(r -> r instanceof Executor e && !e.isSystem()).hasSize(5);
    }

    @Test
    void heartbeatsAndTheZooKeeperSessionOfALocalClusterKeepItsWorkerAlive() {
        List<String> liveness = StormFixtures.threads(1, "storm-2.8.3/threads-1-worker.txt").stream()
                .map(JvmThread::name)
                .filter(n -> StormThreadNames.classify(n).equals(Optional.of(LIVENESS)))
                .map(n -> n.replaceAll("\\d+", "N")).distinct().toList();

        assertThat(liveness).containsExactlyInAnyOrder("heartbeat-timer", "executor-heartbeat-timer", "WorkerHBTimer",
                "HBTimer", "main-SendThread(localhost:N)", "main-EventThread", "SLOT_N-SendThread(localhost:N)",
                "SLOT_N-EventThread", "SyncThread:N", "SessionTracker", "ProcessThread(sid:N cport:N):",
                "RequestThrottler", "ConnnectionExpirer", "NIOWorkerThread-N",
                "NIOServerCxnFactory.SelectorThread-N", "NIOServerCxnFactory.AcceptThread:N.N.N.N/N.N.N.N:N");
        assertThat(ThreadKind.LIVENESS.isLookout()).isTrue();
    }

    @Test
    void clusterThreadsThatServeNoQueryAreNotRecognised() {
        for (String name : List.of("main", "SLOT_1024", "Curator-Framework-0", "Curator-ConnectionStateManager-0",
                "refresh-connections-timer", "MetricRegistryTimer", "EventTimer",
                "AsyncLocalizer Task Executor - 0", "Finalizer")) {
            assertThat(StormThreadNames.classify(name)).as(name).isEmpty();
        }
    }

    @Test
    void storm123ThreadsOfOneWorker() {
        Map<String, StormThread> roles = classified("storm-1.2.3/threads-1-worker.txt");

        assertThat(roles.values()).filteredOn(Executor.class::isInstance).containsExactlyInAnyOrder(
                new Executor("source", 3, 3), new Executor("split", 4, 5), new Executor("split", 6, 7),
                new Executor("count", 2, 2), new Executor("__acker", 1, 1), new Executor("__system", -1, -1));
        assertThat(roles.values()).filteredOn(ExecutorSender.class::isInstance).containsExactlyInAnyOrder(
                new ExecutorSender(3, 3), new ExecutorSender(4, 5), new ExecutorSender(6, 7), new ExecutorSender(2, 2),
                new ExecutorSender(1, 1), new ExecutorSender(-1, -1));
        assertThat(roles.values()).filteredOn(r -> r.equals(new WorkerHelper(ThreadKind.SENDER, true))).hasSize(1);
        assertThat(roles.keySet().stream().filter(n -> !n.startsWith("Thread-"))
                .map(n -> n.substring(0, n.indexOf('#'))).distinct())
                .containsExactlyInAnyOrder("disruptor-flush-trigger", "disruptor-flush-task-pool",
                        "refresh-backpressure-timer", "user-timer");
    }

    @Test
    void storm1ExecutorsSendThreadsAndHelpers() {
        assertThat(StormThreadNames.classify("Thread-23-split-executor[3 4]"))
                .contains(new Executor("split", 3, 4));
        assertThat(StormThreadNames.classify("Thread-24-disruptor-executor[3 4]-send-queue"))
                .contains(new ExecutorSender(3, 4));
        assertThat(StormThreadNames.classify("Thread-9-disruptor-worker-transfer-queue"))
                .contains(new WorkerHelper(ThreadKind.SENDER, true));
        for (String timer : List.of("disruptor-flush-trigger", "refresh-backpressure-timer", "user-timer")) {
            assertThat(StormThreadNames.classify(timer)).as(timer).contains(new WorkerHelper(ThreadKind.TIMER, false));
        }
        // the flush pool publishes into whichever ring it flushes, and busy-waits while that ring is full
        assertThat(StormThreadNames.classify("disruptor-flush-task-pool"))
                .contains(new WorkerHelper(ThreadKind.TIMER, false, true));
    }

    @Test
    void componentNamesWithDashesAndNegativeSystemTasksAreReadWhole() {
        assertThat(StormThreadNames.classify("Thread-7-word-count-executor[10, 12]"))
                .contains(new Executor("word-count", 10, 12));
        assertThat(StormThreadNames.classify("Thread-3-__system-executor[-1 -1]"))
                .contains(new Executor("__system", -1, -1));
        assertThat(StormThreadNames.classify("Thread-3-x-executor[99999999999, 1]")).isEqualTo(Optional.empty());
    }

    @Test
    void nettyThreadsAreNetwork() {
        for (String name : List.of("Netty-server-localhost-6700-worker-1", "Netty-server-localhost-6700-boss-1",
                "client-worker-2", "client-schedule-service-1")) {
            assertThat(StormThreadNames.classify(name)).as(name).contains(new WorkerHelper(ThreadKind.NETWORK, false));
        }
    }
}
