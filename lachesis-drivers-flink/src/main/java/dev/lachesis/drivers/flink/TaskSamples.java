package dev.lachesis.drivers.flink;

import dev.lachesis.core.spi.DataPoint;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The raw task metrics of one round, whichever source they came from (Graphite series or REST
 * samples): per subtask and metric, the points over the window in time order. Not thread-safe;
 * built and read by the driver's round.
 */
final class TaskSamples {
    private final Map<SubtaskKey, Map<FlinkTaskMetric, List<DataPoint>>> points = new LinkedHashMap<>();

    void put(SubtaskKey subtask, FlinkTaskMetric metric, List<DataPoint> series) {
        points.computeIfAbsent(subtask, k -> new EnumMap<>(FlinkTaskMetric.class)).put(metric, List.copyOf(series));
    }

    /** The points of one metric of one subtask; empty when the source had none. */
    List<DataPoint> points(SubtaskKey subtask, FlinkTaskMetric metric) {
        return points.getOrDefault(subtask, Map.of()).getOrDefault(metric, List.of());
    }

    Set<SubtaskKey> subtasks() {
        return points.keySet();
    }

    /**
     * These samples without the points of a subtask stamped before the second given for it
     * ({@code <job id>/<vertex id>/<index>} to epoch seconds); other subtasks keep all theirs.
     */
    TaskSamples since(Map<String, Long> firstSecondByOperator) {
        TaskSamples kept = new TaskSamples();
        points.forEach((subtask, metrics) -> {
            Long first = firstSecondByOperator.get(subtask.operatorId());
            metrics.forEach((metric, series) -> kept.put(subtask, metric, first == null ? series
                    : series.stream().filter(p -> p.epochSeconds() >= first).toList()));
        });
        return kept;
    }
}
