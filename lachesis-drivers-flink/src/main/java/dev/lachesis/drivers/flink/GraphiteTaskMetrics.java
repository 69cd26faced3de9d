package dev.lachesis.drivers.flink;

import dev.lachesis.core.config.DurationText;
import dev.lachesis.core.spi.DriverException;
import dev.lachesis.core.spi.MetricSource;
import dev.lachesis.core.spi.MetricSourceException;
import dev.lachesis.core.spi.Series;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * Reads Flink's task metrics from the metric source Flink's Graphite reporter writes to, with one
 * request per round for all jobs: four globs per job (counters, input and output queue gauges,
 * time gauges), each listing the job's vertices as alternatives.
 * Series are mapped back to subtasks through the cluster's task scope. Flink 1.20 and 2.0 only:
 * later versions publish no Graphite reporter. Thread-safe if the metric source is.
 */
final class GraphiteTaskMetrics implements TaskMetricReader {
    private final MetricSource source;
    private final GraphiteTaskScope scope;
    private final Duration window;

    GraphiteTaskMetrics(MetricSource source, GraphiteTaskScope scope, Duration window) {
        this.source = source;
        this.scope = scope;
        this.window = window;
    }

    @Override
    public TaskSamples read(List<FlinkJob> jobs) throws DriverException {
        List<String> patterns = new ArrayList<>();
        for (FlinkJob job : jobs) {
            if (!job.vertices().isEmpty()) {
                patterns.addAll(globs(job, job.vertices()));
            }
        }
        TaskSamples samples = new TaskSamples();
        if (patterns.isEmpty()) {
            return samples;
        }
        List<Series> series;
        try {
            series = source.query(patterns, window);
        } catch (MetricSourceException e) {
            throw new DriverException(e.getMessage(), e);
        }
        for (Series s : series) {
            assign(s, jobs, samples);
        }
        return samples;
    }

    /**
     * The globs that select the task metrics of the given vertices of one job: one per metric path
     * shape, with the vertices and the last nodes as alternatives
     * ({@code …{numRecordsIn,numRecordsOut,…}.count},
     * {@code …Shuffle.Netty.Input.Buffers.{inputQueueLength,inputQueueSize}}, …).
     */
    List<String> globs(FlinkJob job, List<FlinkVertex> vertices) {
        Map<PathShape, StringJoiner> byShape = new LinkedHashMap<>();
        for (FlinkTaskMetric metric : FlinkTaskMetric.values()) {
            String name = metric.flinkName();
            int cut = name.lastIndexOf('.');
            PathShape shape = new PathShape(name.substring(0, cut + 1), metric.isCounter() ? ".count" : "");
            byShape.computeIfAbsent(shape, p -> new StringJoiner(",", "{", "}")).add(name.substring(cut + 1));
        }
        List<String> globs = new ArrayList<>();
        byShape.forEach((shape, lastNodes) -> globs.add(scope.glob(job, vertices, shape.prefix() + lastNodes + shape.suffix())));
        return globs;
    }

    /** Metrics whose series names differ only in one node: the nodes before it and after it. */
    private record PathShape(String prefix, String suffix) {
    }

    private void assign(Series series, List<FlinkJob> jobs, TaskSamples samples) {
        for (FlinkJob job : jobs) {
            for (FlinkVertex vertex : job.vertices()) {
                GraphiteTaskScope.Match match = scope.match(series.name(), job, vertex).orElse(null);
                if (match == null || match.subtaskIndex() >= vertex.parallelism()) {
                    continue;
                }
                FlinkTaskMetric metric = FlinkTaskMetric.fromGraphiteSuffix(match.metricSuffix()).orElse(null);
                if (metric != null) {
                    samples.put(new SubtaskKey(job.id(), vertex.id(), match.subtaskIndex()), metric, series.points());
                    return;
                }
            }
        }
    }

    @Override
    public String describe() {
        return "Graphite (" + source.describe() + ", task scope " + scope.format() + ", window "
                + DurationText.format(window) + ")";
    }
}
