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
}
