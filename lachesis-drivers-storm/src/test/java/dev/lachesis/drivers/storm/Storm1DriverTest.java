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
 * Storm 1.x on fixtures built from FACTS.md's 1.2.3 thread names and the reference implementation's
 * metric paths (no 1.2.3 worker was run, see the resources' headers).
 */
class Storm1DriverTest {
    private static final int PID = 5151;
    private static final long NOW = 1_700_000_100L;

    @TempDir
    Path proc;

    private static Series value(String name) {
        double v;
        if (name.contains(".receive.")) {
            v = name.contains(".count.1.") ? 900 : name.contains(".split.") ? 40 : 0;
        } else if (name.contains(".sendqueue.")) {
            v = name.contains(".spout.") ? 7 : name.contains(".split.") ? 3 : 0;
        } else if (name.contains(".transfer.")) {
            v = 11;
        } else if (name.contains("execute-count")) {
            v = name.contains("__tick") ? 1 : 600;
        } else if (name.contains("emit-count")) {
            v = 1200;
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
        List<JvmThread> threads = StormFixtures.threads(PID, "storm-1.2.3/threads-constructed.txt");
        StormFixtures.process(proc, PID, List.of("java", "-server", "org.apache.storm.daemon.worker",
                "wordcount-1-1700000000", "supervisor-1", "6700", "worker-uuid"), threads);
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
    void sendThreadsAreTheirExecutorsSendersAndSpinOnTheirSoleLocalConsumer() throws Exception {
        SpeState state = refresh(driver());

        assertThat(state.queries()).singleElement().satisfies(q -> assertThat(q.downstream())
                .isEqualTo(Map.of("spout", Set.of("split"), "split", Set.of("count"), "count", Set.of())));
        assertThat(state.threads()).filteredOn(t -> t.kind() == ThreadKind.MAIN).extracting(OperatorThread::operatorId)
                .containsExactlyInAnyOrder(op("spout", "4-4"), op("split", "2-3"), op("count", "1-1"));
        assertThat(state.threads()).filteredOn(t -> t.kind() == ThreadKind.SENDER && t.operatorId() != null)
                .extracting(t -> t.thread().name(), OperatorThread::queueEntity, OperatorThread::spinsOnQueueOf)
                .containsExactlyInAnyOrder(
                        org.assertj.core.groups.Tuple.tuple("Thread-10-disruptor-executor[4 4]-send-queue",
                                op("spout", "4-4"), op("split", "2-3")),
                        org.assertj.core.groups.Tuple.tuple("Thread-12-disruptor-executor[2 3]-send-queue",
                                op("split", "2-3"), op("count", "1-1")),
                        org.assertj.core.groups.Tuple.tuple("Thread-14-disruptor-executor[1 1]-send-queue",
                                op("count", "1-1"), null));
        assertThat(state.threads()).filteredOn(t -> t.kind() == ThreadKind.SENDER && t.operatorId() == null)
                .extracting(t -> t.thread().name(), OperatorThread::queueEntity)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("Thread-15-disruptor-worker-transfer-queue",
                        "worker-transfer@" + PID));
        assertThat(state.threads()).filteredOn(t -> t.kind() == ThreadKind.SYSTEM).extracting(t -> t.thread().name())
                .containsExactlyInAnyOrder("Thread-5-__system-executor[-1 -1]", "Thread-6-disruptor-executor[-1 -1]-send-queue",
                        "Thread-7-__acker-executor[5 5]", "Thread-8-disruptor-executor[5 5]-send-queue");
        assertThat(state.threads()).filteredOn(t -> t.kind() == ThreadKind.TIMER).extracting(t -> t.thread().name())
                .containsExactlyInAnyOrder("disruptor-flush-trigger", "disruptor-flush-task-pool",
                        "refresh-backpressure-timer", "user-timer");
        assertThat(state.threads()).hasSize(15);
    }

    @Test
    void readsReceiveAndSendQueuesAndBucketCounts() throws Exception {
        StormDriver driver = driver();
        SpeState state = refresh(driver);

        assertThat(driver.providedMetrics()).doesNotContain(MetricNames.ARRIVAL_RATE, MetricNames.HEAD_AGE_REPORTED);
        Map<String, MetricValues> m = driver.fetch(state, driver.providedMetrics());

        assertThat(m.get(MetricNames.INPUT_QUEUE).asMap()).isEqualTo(Map.of(op("count", "1-1"), 900.0,
                op("split", "2-3"), 40.0, op("spout", "4-4"), 0.0));
        assertThat(m.get(MetricNames.OUTPUT_QUEUE).asMap()).isEqualTo(Map.of(op("spout", "4-4"), 7.0,
                op("split", "2-3"), 3.0, op("count", "1-1"), 0.0, "worker-transfer@" + PID, 11.0));
        // two tasks of split each executed 600 tuples in the last one-second bucket; count's tick tuple is left out
        assertThat(m.get(MetricNames.PROCESSED_RATE).asMap()).isEqualTo(Map.of(op("split", "2-3"), 1200.0,
                op("count", "1-1"), 600.0));
        assertThat(m.get(MetricNames.EMITTED_RATE).asMap()).containsEntry(op("split", "2-3"), 2400.0)
                .containsEntry(op("spout", "4-4"), 1200.0);
        assertThat(m.get(MetricNames.PROCESSING_TIME).asMap()).containsEntry(op("count", "1-1"), 0.5);
    }
}
