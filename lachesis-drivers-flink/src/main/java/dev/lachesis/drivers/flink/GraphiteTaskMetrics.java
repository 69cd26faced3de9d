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
 * time gauges), each listing the job's vertices as alternatives, and one for the
 * {@code source-queue-size} of its source vertices' operators. Series are mapped back to subtasks
 * through the cluster's task scope and operator scope. Flink 1.20, 2.0 and 2.3: 2.1 and 2.2
 * publish no Graphite reporter. Thread-safe if the metric source is.
 */
final class GraphiteTaskMetrics implements TaskMetricReader {
    private final MetricSource source;
    private final GraphiteScope scope;
    private final GraphiteScope operatorScope;
    private final Duration window;

    GraphiteTaskMetrics(MetricSource source, GraphiteScope scope, GraphiteScope operatorScope, Duration window) {
        this.source = source;
        this.scope = scope;
        this.operatorScope = operatorScope;
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
        List<Candidate> candidates = new ArrayList<>();
        for (FlinkJob job : jobs) {
            for (FlinkVertex vertex : job.vertices()) {
                candidates.add(new Candidate(job, vertex, scope.nodesOf(job, vertex),
                        vertex.isSource() ? operatorScope.nodesOf(job, vertex) : null));
            }
        }
        for (Series s : series) {
            assign(s, candidates, samples);
        }
        return samples;
    }

    /** A vertex a series may belong to, with the nodes its task and (for a source) operator series have. */
    private record Candidate(FlinkJob job, FlinkVertex vertex, GraphiteScope.VertexNodes task,
                             GraphiteScope.VertexNodes operator) {
    }

    /**
     * The globs that select the task metrics of the given vertices of one job: one per metric path
     * shape, with the vertices and the last nodes as alternatives
     * ({@code …{numRecordsIn,numRecordsOut,…}.count},
     * {@code …Shuffle.Netty.Input.Buffers.{inputQueueLength,inputQueueSize}}, …), and one for the
     * operator metrics of the source vertices among them.
     */
    List<String> globs(FlinkJob job, List<FlinkVertex> vertices) {
        Map<PathShape, StringJoiner> byShape = new LinkedHashMap<>();
        for (FlinkTaskMetric metric : FlinkTaskMetric.taskMetrics()) {
            String name = metric.flinkName();
            int cut = name.lastIndexOf('.');
            PathShape shape = new PathShape(name.substring(0, cut + 1), metric.isCounter() ? ".count" : "");
            byShape.computeIfAbsent(shape, p -> new StringJoiner(",", "{", "}")).add(name.substring(cut + 1));
        }
        List<String> globs = new ArrayList<>();
        byShape.forEach((shape, lastNodes) -> globs.add(scope.glob(job, vertices, shape.prefix() + lastNodes + shape.suffix())));
        List<FlinkVertex> sources = vertices.stream().filter(FlinkVertex::isSource).toList();
        if (!sources.isEmpty()) {
            List<String> names = FlinkTaskMetric.sourceOperatorMetrics().stream().map(FlinkTaskMetric::graphiteSuffix).toList();
            globs.add(operatorScope.glob(job, sources, names.size() == 1 ? names.get(0) : "{" + String.join(",", names) + "}"));
        }
        return globs;
    }

    /** Metrics whose series names differ only in one node: the nodes before it and after it. */
    private record PathShape(String prefix, String suffix) {
    }

    private static void assign(Series series, List<Candidate> candidates, TaskSamples samples) {
        String[] parts = series.name().split("\\.", -1);
        for (Candidate c : candidates) {
            if (assign(series, parts, c.task(), FlinkTaskMetric.taskMetrics(), c, samples)
                    || c.operator() != null
                    && assign(series, parts, c.operator(), FlinkTaskMetric.sourceOperatorMetrics(), c, samples)) {
                return;
            }
        }
    }

    private static boolean assign(Series series, String[] parts, GraphiteScope.VertexNodes nodes,
                                  List<FlinkTaskMetric> metrics, Candidate c, TaskSamples samples) {
        GraphiteScope.Match match = nodes.match(parts).orElse(null);
        if (match == null || match.subtaskIndex() >= c.vertex().parallelism()) {
            return false;
        }
        FlinkTaskMetric metric = FlinkTaskMetric.fromGraphiteSuffix(metrics, match.metricSuffix()).orElse(null);
        if (metric == null) {
            return false;
        }
        samples.put(new SubtaskKey(c.job().id(), c.vertex().id(), match.subtaskIndex()), metric, series.points());
        return true;
    }

    @Override
    public String describe() {
        return "Graphite (" + source.describe() + ", task scope " + scope.format() + ", operator scope "
                + operatorScope.format() + ", window " + DurationText.format(window) + ")";
    }
}
