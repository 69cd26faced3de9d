package dev.lachesis.drivers.storm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.core.metric.MetricNames;
import dev.lachesis.core.metric.MetricValues;
import dev.lachesis.core.model.JvmThread;
import dev.lachesis.core.model.OperatorThread;
import dev.lachesis.core.model.SpeState;
import dev.lachesis.core.model.ThreadKind;
import dev.lachesis.core.proc.ProcFs;
import dev.lachesis.core.spi.Series;
import dev.lachesis.core.testing.LogCapture;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Storm 1.x on a thread dump captured from a Storm 1.2.3 LocalCluster and series names built from
 * the reference implementation's Graphite paths (not captured; see the resources' headers).
 */
class Storm1DriverTest {
    private static final int PID = 5151;
    private static final long NOW = 1_700_000_100L;
    private static final double JVM_START = NOW - 300.123;

    @TempDir
    Path proc;

    private static Series value(String name) {
        double v;
        if (name.contains(".overflow.")) {
            v = name.contains(".count.2.receive.") ? 100 : name.contains(".source.3.sendqueue.") ? 20 : 0;
        } else if (name.contains(".receive.")) {
            v = name.contains(".count.2.") ? 900 : name.contains(".split.") ? 40 : 0;
        } else if (name.contains(".sendqueue.")) {
            v = name.contains(".source.") ? 7 : name.contains(".split.") ? 3 : 0;
        } else if (name.contains(".transfer.")) {
            v = 11;
        } else if (name.contains("execute-count")) {
            v = name.contains("__tick") ? 1 : 600;
        } else if (name.contains("emit-count")) {
            v = 1200;
        } else if (name.contains(".startTimeSecs.")) {
            v = JVM_START;
        } else if (name.contains("execute-latency")) {
            v = name.contains(".count.") ? 0.5 : 0.2;
        } else {
            v = 0;
        }
        return StormFixtures.series(name, NOW, v, v);
    }

    private SpeState refresh(StormDriver driver) throws Exception {
        return driver.refresh();
    }

    private StormDriver driver() throws Exception {
        List<JvmThread> threads = StormFixtures.threads(PID, "storm-1.2.3/threads-1-worker.txt");
        StormFixtures.process(proc, PID, List.of("java", "-cp", "app.jar:lib/storm-core-1.2.3.jar", "app.Main"),
                threads);
        StormFixtures.started(proc, PID, JVM_START - 0.04, NOW);
        var source = new StormFixtures.FixedMetricSource(StormFixtures.lines("storm-1.2.3/metric-names-constructed.txt")
                .stream().map(Storm1DriverTest::value).toList());
        StormSettings settings = new StormSettings(1, null, "odroid", null, Duration.ofSeconds(1), null);
        return new StormDriver("storm1", settings, "wordcount", List.of(), source, pid -> threads, new ProcFs(proc),
                Clock.fixed(Instant.ofEpochSecond(NOW), ZoneOffset.UTC));
    }

    private static String op(String component, String range) {
        return "wordcount/" + component + "/" + range;
    }

    @Test
    void realTimeSchedulingBringsNoWaitStrategyWarningBecauseStorm1ExecutorsBlock() throws Exception {
        StormDriver driver = driver();
        try (LogCapture log = new LogCapture(StormDriver.class)) {
            driver.scheduledInRealTime();

            assertThat(log.lines()).noneMatch(l -> l.contains("wait"));
        }
    }

    @Test
    void sendThreadsAreTheirExecutorsSendersAndSpinOnTheirSoleLocalConsumer() throws Exception {
        SpeState state = refresh(driver());

        assertThat(state.queries()).singleElement().satisfies(q -> assertThat(q.downstream())
                .isEqualTo(Map.of("source", Set.of("split"), "split", Set.of("count"), "count", Set.of())));
        assertThat(state.threads()).filteredOn(t -> t.kind() == ThreadKind.MAIN).extracting(OperatorThread::operatorId)
                .containsExactlyInAnyOrder(op("source", "3-3"), op("split", "4-5"), op("split", "6-7"),
                        op("count", "2-2"));
        // source feeds two split executors, so no single consumer is named; each split feeds the one count
        assertThat(state.threads()).filteredOn(t -> t.kind() == ThreadKind.SENDER && t.operatorId() != null)
                .extracting(t -> t.thread().name(), OperatorThread::queueEntity, OperatorThread::spinsOnQueueOf)
                .containsExactlyInAnyOrder(
                        org.assertj.core.groups.Tuple.tuple("Thread-20-disruptor-executor[3 3]-send-queue",
                                op("source", "3-3"), null),
                        org.assertj.core.groups.Tuple.tuple("Thread-26-disruptor-executor[4 5]-send-queue",
                                op("split", "4-5"), op("count", "2-2")),
                        org.assertj.core.groups.Tuple.tuple("Thread-18-disruptor-executor[6 7]-send-queue",
                                op("split", "6-7"), op("count", "2-2")),
                        org.assertj.core.groups.Tuple.tuple("Thread-16-disruptor-executor[2 2]-send-queue",
                                op("count", "2-2"), null));
        assertThat(state.threads()).filteredOn(t -> t.kind() == ThreadKind.SENDER && t.operatorId() == null)
                .extracting(t -> t.thread().name(), OperatorThread::queueEntity)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("Thread-28-disruptor-worker-transfer-queue",
                        "worker-transfer@" + PID));
        assertThat(state.threads()).filteredOn(t -> t.kind() == ThreadKind.SYSTEM).extracting(t -> t.thread().name())
                .containsExactlyInAnyOrder("Thread-25-__system-executor[-1 -1]",
                        "Thread-24-disruptor-executor[-1 -1]-send-queue", "Thread-23-__acker-executor[1 1]",
                        "Thread-22-disruptor-executor[1 1]-send-queue");
        assertThat(state.threads()).filteredOn(t -> t.kind() == ThreadKind.TIMER).extracting(t -> t.thread().name())
                .contains("disruptor-flush-trigger", "disruptor-flush-task-pool", "refresh-backpressure-timer",
                        "user-timer")
                .allMatch(n -> n.startsWith("disruptor-flush-") || n.equals("refresh-backpressure-timer")
                        || n.equals("user-timer"));
        // the flush pool publishes into whichever ring it flushes: it may spin on any queue of the worker
        assertThat(state.threads()).filteredOn(OperatorThread::spinsOnAnyQueue).isNotEmpty()
                .allSatisfy(t -> assertThat(t.thread().name()).isEqualTo("disruptor-flush-task-pool"));
        assertThat(state.threads()).filteredOn(t -> t.kind() == ThreadKind.MAIN || t.kind() == ThreadKind.SENDER)
                .hasSize(9);
    }

    @Test
    void readsReceiveAndSendQueuesAndBucketCounts() throws Exception {
        StormDriver driver = driver();
        SpeState state = refresh(driver);

        assertThat(driver.providedMetrics()).doesNotContain(MetricNames.ARRIVAL_RATE, MetricNames.HEAD_AGE_REPORTED);
        Map<String, MetricValues> m = driver.fetch(state, driver.providedMetrics());

        // a queue holds the tuples in its ring and those batched or overflowed before it
        assertThat(m.get(MetricNames.INPUT_QUEUE).asMap()).isEqualTo(Map.of(op("count", "2-2"), 1000.0,
                op("split", "4-5"), 40.0, op("split", "6-7"), 40.0, op("source", "3-3"), 0.0));
        assertThat(m.get(MetricNames.OUTPUT_QUEUE).asMap()).isEqualTo(Map.of(op("source", "3-3"), 27.0,
                op("split", "4-5"), 3.0, op("split", "6-7"), 3.0, op("count", "2-2"), 0.0, "worker-transfer@" + PID, 11.0));
        // each task of a split executor executed 600 tuples in the last one-second bucket; count's tick tuple is left out
        assertThat(m.get(MetricNames.PROCESSED_RATE).asMap()).isEqualTo(Map.of(op("split", "4-5"), 1200.0,
                op("split", "6-7"), 1200.0, op("count", "2-2"), 600.0));
        assertThat(m.get(MetricNames.EMITTED_RATE).asMap()).containsEntry(op("split", "4-5"), 2400.0)
                .containsEntry(op("source", "3-3"), 1200.0);
        assertThat(m.get(MetricNames.PROCESSING_TIME).asMap()).containsEntry(op("count", "2-2"), 0.5)
                .containsEntry(op("split", "4-5"), 0.2).doesNotContainKey(op("split", "6-7"));
    }
}
