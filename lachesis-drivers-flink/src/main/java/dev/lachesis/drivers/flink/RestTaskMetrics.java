package dev.lachesis.drivers.flink;

import dev.lachesis.core.config.DurationText;
import dev.lachesis.core.spi.DataPoint;
import dev.lachesis.core.spi.DriverException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Reads Flink's task metrics from its REST API, for every Flink version (2.1 and 2.2 have no
 * Graphite reporter): one request per vertex per round,
 * {@code /jobs/<id>/vertices/<vid>/metrics?get=0.numRecordsIn,1.numRecordsIn,…}, which answers
 * every subtask's value at once. REST gives one value per metric, so this reader keeps each
 * round's values for the window and hands the history on as points, from which counter rates
 * follow as they do from Graphite; a subtask's first round therefore has no rates yet. Flink serves
 * metrics from a cache refreshed every {@code metrics.fetcher.update-interval} (10 s by default):
 * set it to the scheduling period.
 *
 * <p>A source vertex's {@code source-queue-size} is a metric of its head operator, which REST
 * lists as {@code <subtask index>.<operator name>.source-queue-size}, the operator name with
 * {@code ' '}, {@code ','}, {@code '.'} and {@code ':'} replaced by {@code '_'} (Flink's metric
 * query service does this; captured on 1.20.5: {@code 0.Source__file.source-queue-size}). Not
 * thread-safe: called from the driver's round only.
 */
final class RestTaskMetrics implements TaskMetricReader {
    private static final Pattern REST_ESCAPED = Pattern.compile("[ ,.:]");

    private final FlinkRestClient rest;
    private final Clock clock;
    private final Duration window;
    private final Map<SubtaskKey, Map<FlinkTaskMetric, Deque<DataPoint>>> history = new HashMap<>();

    RestTaskMetrics(FlinkRestClient rest, Clock clock, Duration window) {
        this.rest = rest;
        this.clock = clock;
        this.window = window;
    }

    @Override
    public TaskSamples read(List<FlinkJob> jobs) throws DriverException {
        long now = clock.instant().getEpochSecond();
        Set<SubtaskKey> seen = new HashSet<>();
        for (FlinkJob job : jobs) {
            for (FlinkVertex vertex : job.vertices()) {
                List<FlinkTaskMetric> metrics = new ArrayList<>(FlinkTaskMetric.taskMetrics());
                if (vertex.isSource()) {
                    metrics.addAll(FlinkTaskMetric.sourceOperatorMetrics());
                }
                List<String> ids = new ArrayList<>();
                for (int i = 0; i < vertex.parallelism(); i++) {
                    for (FlinkTaskMetric metric : metrics) {
                        ids.add(metricId(vertex, i, metric));
                    }
                }
                Map<String, Double> values = rest.vertexMetrics(job.id(), vertex.id(), ids);
                for (int i = 0; i < vertex.parallelism(); i++) {
                    SubtaskKey key = new SubtaskKey(job.id(), vertex.id(), i);
                    seen.add(key);
                    for (FlinkTaskMetric metric : metrics) {
                        Double value = values.get(metricId(vertex, i, metric));
                        record(key, metric, new DataPoint(now, value == null ? Double.NaN : value));
                    }
                }
            }
        }
        history.keySet().retainAll(seen);
        TaskSamples samples = new TaskSamples();
        history.forEach((key, metrics) -> metrics.forEach((metric, points) -> samples.put(key, metric, List.copyOf(points))));
        return samples;
    }

    /** The id REST gives a metric of one subtask of a vertex: {@code <index>.<name>}, or {@code <index>.<operator>.<name>}. */
    static String metricId(FlinkVertex vertex, int index, FlinkTaskMetric metric) {
        if (metric.isOfSourceOperator()) {
            return index + "." + operatorNameInRest(vertex.operatorNames().get(0)) + "." + metric.flinkName();
        }
        return index + "." + metric.flinkName();
    }

    /** An operator's name as REST metric ids carry it. */
    static String operatorNameInRest(String operatorName) {
        return REST_ESCAPED.matcher(FlinkTaskMetric.operatorNameInMetrics(operatorName)).replaceAll("_");
    }

    private void record(SubtaskKey key, FlinkTaskMetric metric, DataPoint point) {
        Deque<DataPoint> points = history.computeIfAbsent(key, k -> new HashMap<>())
                .computeIfAbsent(metric, m -> new ArrayDeque<>());
        if (!points.isEmpty() && points.peekLast().epochSeconds() == point.epochSeconds()) {
            points.pollLast();
        }
        points.addLast(point);
        long oldest = point.epochSeconds() - Math.max(1, window.toSeconds());
        while (!points.isEmpty() && points.peekFirst().epochSeconds() < oldest) {
            points.pollFirst();
        }
    }

    @Override
    public String describe() {
        return "Flink REST " + rest.base() + " (window " + DurationText.format(window) + ")";
    }
}
