package dev.lachesis.drivers.flink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.lachesis.core.metric.MetricNames;
import dev.lachesis.core.metric.MetricValues;
import dev.lachesis.core.spi.DataPoint;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FlinkMetricEstimatorTest {
    private static final FlinkJob JOB = Fixtures.overloadedJob();
    private static final String SOURCE = Fixtures.OVERLOADED_JOB + "/" + Fixtures.SOURCE_VERTEX + "/0";
    private static final String HEAVY_0 = Fixtures.OVERLOADED_JOB + "/" + Fixtures.HEAVY_VERTEX + "/0";
    private static final String HEAVY_1 = Fixtures.OVERLOADED_JOB + "/" + Fixtures.HEAVY_VERTEX + "/1";
    private static final String SINK = Fixtures.OVERLOADED_JOB + "/" + Fixtures.SINK_VERTEX + "/0";

    /** One REST sample of every vertex of an overloaded capture, as points at one instant. */
    private static TaskSamples overloadedSample(String version, FlinkJob job) {
        TaskSamples samples = new TaskSamples();
        for (FlinkVertex vertex : job.vertices()) {
            Map<String, Double> values = FlinkRestJson.metricValues(
                    Fixtures.text(version, "overloaded-vertex-" + vertex.id() + "-metrics.json"));
            for (int i = 0; i < vertex.parallelism(); i++) {
                for (FlinkTaskMetric metric : FlinkTaskMetric.taskMetrics()) {
                    Double v = values.get(i + "." + metric.flinkName());
                    if (v != null) {
                        samples.put(new SubtaskKey(job.id(), vertex.id(), i), metric, List.of(new DataPoint(1_795_433_890L, v)));
                    }
                }
            }
        }
        return samples;
    }

    @Test
    void queueSizesOfARealOverloadedJobAreInRecordsAndRankTheBackPressuredOperatorFirst() {
        Map<String, MetricValues> values = FlinkMetricEstimator.estimate(List.of(JOB), overloadedSample("flink-1.20", JOB),
                java.util.Set.of(MetricNames.INPUT_QUEUE, MetricNames.OUTPUT_QUEUE));

        MetricValues input = values.get(MetricNames.INPUT_QUEUE);
        // 5 queued buffers each × records per buffer the counters imply (19500/16, 18546/15).
        assertThat(input.get(HEAVY_0).getAsDouble()).isCloseTo(5 * 19500.0 / 16, within(0.01));
        assertThat(input.get(HEAVY_1).getAsDouble()).isCloseTo(5 * 18546.0 / 15, within(0.01));
        // The idle sink: 2 buffers flushed by the buffer timeout, ~56 records each.
        assertThat(input.get(SINK).getAsDouble()).isCloseTo(2 * 39223.0 / 696, within(0.01));
        assertThat(input.get(SOURCE).getAsDouble()).isZero();
        assertThat(input.get(HEAVY_0).getAsDouble()).isGreaterThan(20 * input.get(SINK).getAsDouble());

        MetricValues output = values.get(MetricNames.OUTPUT_QUEUE);
        // The back-pressured source: 294913 queued bytes / (1081344 bytes per 53053 records).
        assertThat(output.get(SOURCE).getAsDouble()).isCloseTo(294913 / (1081344.0 / 53053), within(0.01));
        assertThat(output.get(SINK).getAsDouble()).isZero();
        assertThat(output.get(SOURCE).getAsDouble()).isGreaterThan(100 * output.get(HEAVY_0).getAsDouble());
    }

    @Test
    void flink2QueuesRankTheBackPressuredOperatorFirstToo() {
        FlinkJob job = FlinkRestJson.job(Fixtures.text("flink-2.2", "job-overloaded.json"));
        String prefix = job.id() + "/";

        MetricValues input = FlinkMetricEstimator.estimate(List.of(job), overloadedSample("flink-2.2", job),
                java.util.Set.of(MetricNames.INPUT_QUEUE)).get(MetricNames.INPUT_QUEUE);

        assertThat(input.get(prefix + Fixtures.HEAVY_VERTEX + "/0").getAsDouble()).isCloseTo(5 * 17159.0 / 14, within(0.01));
        assertThat(input.get(prefix + Fixtures.HEAVY_VERTEX + "/1").getAsDouble()).isCloseTo(5 * 18497.0 / 15, within(0.01));
        assertThat(input.get(prefix + Fixtures.SINK_VERTEX + "/0").getAsDouble()).isCloseTo(2 * 36377.0 / 782, within(0.01));
    }

    @Test
    void ratesAndProcessingTimeComeFromCountersOverTheWindow() {
        SubtaskKey heavy = new SubtaskKey(JOB.id(), Fixtures.HEAVY_VERTEX, 0);
        SubtaskKey source = new SubtaskKey(JOB.id(), Fixtures.SOURCE_VERTEX, 0);
        TaskSamples samples = new TaskSamples();
        samples.put(heavy, FlinkTaskMetric.RECORDS_IN, List.of(new DataPoint(100, 1_000), DataPoint.missing(105), new DataPoint(110, 3_000)));
        samples.put(heavy, FlinkTaskMetric.RECORDS_OUT, List.of(new DataPoint(100, 500), new DataPoint(110, 1_500)));
        samples.put(heavy, FlinkTaskMetric.BUSY_MS_PER_SECOND, List.of(new DataPoint(100, 900), new DataPoint(110, 500)));
        samples.put(source, FlinkTaskMetric.RECORDS_IN, List.of(new DataPoint(100, 0), new DataPoint(110, 0)));
        samples.put(source, FlinkTaskMetric.RECORDS_OUT, List.of(new DataPoint(100, 0), new DataPoint(110, 4_000)));

        Map<String, MetricValues> values = FlinkMetricEstimator.estimate(List.of(JOB), samples, FlinkMetricEstimator.PROVIDED);

        assertThat(values.get(MetricNames.PROCESSED_RATE).asMap()).containsEntry(HEAVY_0, 200.0).containsEntry(SOURCE, 400.0);
        assertThat(values.get(MetricNames.ARRIVAL_RATE).asMap()).containsEntry(HEAVY_0, 200.0);
        assertThat(values.get(MetricNames.EMITTED_RATE).asMap()).containsEntry(HEAVY_0, 100.0).containsEntry(SOURCE, 400.0);
        assertThat(values.get(MetricNames.PROCESSING_TIME).asMap()).containsOnly(Map.entry(HEAVY_0, 2.5));
        assertThat(values.get(MetricNames.PROCESSED_RATE).has(HEAVY_1)).isFalse();
    }

    @Test
    void onlyRequestedMetricsAreComputed() {
        Map<String, MetricValues> values = FlinkMetricEstimator.estimate(List.of(JOB), overloadedSample("flink-1.20", JOB),
                java.util.Set.of(MetricNames.OUTPUT_QUEUE));

        assertThat(values).containsOnlyKeys(MetricNames.OUTPUT_QUEUE);
    }
}
