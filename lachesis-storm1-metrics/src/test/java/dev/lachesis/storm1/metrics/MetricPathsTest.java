package dev.lachesis.storm1.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.drivers.storm.Storm1MetricLayout;
import dev.lachesis.drivers.storm.StormSeries;
import dev.lachesis.drivers.storm.StormSeries.Measure;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.storm.metric.api.IMetricsConsumer.DataPoint;
import org.apache.storm.metric.api.IMetricsConsumer.TaskInfo;
import org.junit.jupiter.api.Test;

/**
 * The names the consumer writes for Storm 1.x's built-in metrics, in the shapes Storm 1.2.3 hands
 * them over (a disruptor queue's state map, per-stream counter maps, the system bolt's scalars),
 * and the driver's Storm 1.x layout reading each back as the measure it is.
 */
class MetricPathsTest {
    private static final long TIME = 1_764_000_000L;
    private static final Storm1MetricLayout DRIVER = new Storm1MetricLayout("Storm", "*");

    private static Map<String, Object> map(Object... keysAndValues) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return map;
    }

    @Test
    void anExecutorsQueuesCountersAndBacklogBecomeOneLineEachThatTheDriverReads() {
        TaskInfo task = new TaskInfo("worker-1.lan", 6700, "split", 3, TIME, 1);
        List<String> lines = MetricPaths.lines("Storm", "etl", task, List.of(
                new DataPoint("__receive", map("tuple_population", 7L, "capacity", 1024L, "arrival_rate_secs", 12.5)),
                new DataPoint("__sendqueue", map("tuple_population", 2L)),
                new DataPoint("__execute-count", map("source:default", 120L)),
                new DataPoint("__emit-count", map("default", 118L)),
                new DataPoint("__execute-latency", map("source:default", 0.25)),
                new DataPoint("source-queue-size", 40L)));

        assertThat(lines).containsExactly(
                "Storm.etl.worker-1.lan.6700.split.3.receive.tuple_population.value 7 " + TIME + "\n",
                "Storm.etl.worker-1.lan.6700.split.3.receive.capacity.value 1024 " + TIME + "\n",
                "Storm.etl.worker-1.lan.6700.split.3.receive.arrival_rate_secs.value 12.5 " + TIME + "\n",
                "Storm.etl.worker-1.lan.6700.split.3.sendqueue.tuple_population.value 2 " + TIME + "\n",
                "Storm.etl.worker-1.lan.6700.split.3.execute-count.source:default.value 120 " + TIME + "\n",
                "Storm.etl.worker-1.lan.6700.split.3.emit-count.default.value 118 " + TIME + "\n",
                "Storm.etl.worker-1.lan.6700.split.3.execute-latency.source:default.value 0.25 " + TIME + "\n",
                "Storm.etl.worker-1.lan.6700.split.3.source-queue-size.value 40 " + TIME + "\n");
        assertThat(parse(lines.get(0))).contains(
                new StormSeries("etl", "worker-1.lan", "split", 3, 6700, Measure.RECEIVE_QUEUE, ""));
        assertThat(parse(lines.get(3))).map(StormSeries::measure).contains(Measure.SEND_QUEUE);
        assertThat(parse(lines.get(4))).contains(
                new StormSeries("etl", "worker-1.lan", "split", 3, 6700, Measure.EXECUTE_COUNT, "source:default"));
        assertThat(parse(lines.get(5))).map(StormSeries::measure).contains(Measure.EMIT_COUNT);
        assertThat(parse(lines.get(6))).map(StormSeries::measure).contains(Measure.EXECUTE_LATENCY_MS);
        assertThat(parse(lines.get(7))).map(StormSeries::measure).contains(Measure.SOURCE_QUEUE);
    }

    @Test
    void theWorkersTransferQueueAndStartTimeComeFromTheSystemBoltAndFindTheWorker() {
        TaskInfo system = new TaskInfo("localhost", 1024, "__system", -1, TIME, 1);
        List<String> lines = MetricPaths.lines("Storm", "etl", system, List.of(
                new DataPoint("__transfer", map("tuple_population", 3L)),
                new DataPoint("startTimeSecs", 1_763_999_000.125),
                new DataPoint("memory/heap", map("usedBytes", 1_000_000L))));

        assertThat(lines).containsExactly(
                "Storm.etl.localhost.1024.__system.-1.transfer.tuple_population.value 3 " + TIME + "\n",
                "Storm.etl.localhost.1024.__system.-1.startTimeSecs.value 1.763999000125E9 " + TIME + "\n",
                "Storm.etl.localhost.1024.__system.-1.memory_heap.usedBytes.value 1000000 " + TIME + "\n");
        assertThat(parse(lines.get(0))).map(StormSeries::measure).contains(Measure.WORKER_TRANSFER_QUEUE);
        assertThat(parse(lines.get(1))).map(StormSeries::measure).contains(Measure.JVM_START);
        assertThat(lines.get(1)).matches(pathOf(DRIVER.discoveryPattern("etl")) + " .*\n");
    }

    @Test
    void whatIsNotANumberIsLeftOutAndNamesLoseWhatWouldSplitASegment() {
        TaskInfo task = new TaskInfo("localhost", 6700, "my.bolt", 4, TIME, 1);
        List<String> lines = MetricPaths.lines("", "a.b", task, List.of(
                new DataPoint("__receive", map("tuple_population", Double.NaN, "read_pos", "n/a")),
                new DataPoint("status", "RUNNING"),
                new DataPoint("__ack-count", map()),
                new DataPoint("tuples seen", 5)));

        assertThat(lines).containsExactly("a_b.localhost.6700.my_bolt.4.tuples_seen.value 5 " + TIME + "\n");
    }

    private static Optional<StormSeries> parse(String line) {
        return DRIVER.parse(line.substring(0, line.indexOf(' ')));
    }

    /** A Graphite glob of the driver ({@code *} a segment) as a regular expression. */
    private static String pathOf(String glob) {
        return glob.replace(".", "\\.").replace("*", "[^.]+");
    }
}
