package dev.lachesis.storm1.metrics;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.storm.metric.api.IMetricsConsumer.DataPoint;
import org.apache.storm.metric.api.IMetricsConsumer.TaskInfo;

/**
 * Turns one task's data points into carbon plaintext lines, the names Lachesis's Storm driver reads
 * for Storm 1.x: {@code <prefix>.<topology>.<host>.<port>.<component>.<task>.<metric>[.<key>...].value
 * <number> <epoch seconds>}. A built-in metric loses its leading {@code __} ({@code __receive} →
 * {@code receive}); a map value gives one line per entry, its key a segment
 * ({@code receive.tuple_population.value}, {@code execute-count.split:default.value}); a value that is not
 * a number (or is NaN or infinite) gives none. Dots and characters Graphite does not keep in a
 * segment become {@code _}, except in the host, whose dots stay. Stateless.
 */
final class MetricPaths {
    private static final Pattern NOT_IN_SEGMENT = Pattern.compile("[^A-Za-z0-9_:\\-\\[\\]]");
    private static final Pattern NOT_IN_HOST = Pattern.compile("[^A-Za-z0-9_.\\-]");

    private MetricPaths() {
    }

    /** The lines of {@code points}, reported by the task {@code task} of topology {@code topology}. */
    static List<String> lines(String prefix, String topology, TaskInfo task, Collection<DataPoint> points) {
        StringBuilder head = new StringBuilder();
        if (!prefix.isEmpty()) {
            head.append(prefix).append('.');
        }
        head.append(segment(topology)).append('.')
                .append(NOT_IN_HOST.matcher(String.valueOf(task.srcWorkerHost)).replaceAll("_")).append('.')
                .append(task.srcWorkerPort).append('.')
                .append(segment(task.srcComponentId)).append('.')
                .append(task.srcTaskId).append('.');
        String suffix = " " + task.timestamp + "\n";
        List<String> lines = new ArrayList<>();
        for (DataPoint point : points) {
            String name = point.name.startsWith("__") ? point.name.substring(2) : point.name;
            add(lines, head + segment(name), point.value, suffix);
        }
        return lines;
    }

    private static void add(List<String> lines, String path, Object value, String suffix) {
        if (value instanceof Map) {
            for (Map.Entry<?, ?> entry : ((Map<?, ?>) value).entrySet()) {
                add(lines, path + "." + segment(String.valueOf(entry.getKey())), entry.getValue(), suffix);
            }
        } else if (value instanceof Number) {
            double number = ((Number) value).doubleValue();
            if (!Double.isNaN(number) && !Double.isInfinite(number)) {
                String text = value instanceof Double || value instanceof Float ? Double.toString(number)
                        : value.toString();
                lines.add(path + ".value " + text + suffix);
            }
        }
    }

    private static String segment(String text) {
        return NOT_IN_SEGMENT.matcher(text).replaceAll("_");
    }
}
