package dev.lachesis.drivers.flink;

import java.time.Duration;
import java.util.List;

/**
 * The Flink driver's settings ({@code spes[i].settings}), with their defaults. Immutable.
 *
 * @param restUrl the JobManager's REST endpoint ({@code rest.address}:{@code rest.port})
 * @param metricsFrom where task metrics are read: {@code graphite} (Flink 1.20 and 2.0, through
 *     the configured metric source) or {@code rest} (every version)
 * @param taskScope the cluster's {@code metrics.scope.task}, to find task metrics in Graphite;
 *     Flink's default unless set. Recommended: {@value GraphiteScope#TASK_RECOMMENDED}
 * @param operatorScope the cluster's {@code metrics.scope.operator}, to find a source's
 *     {@code source-queue-size} in Graphite; Flink's default unless set. Recommended:
 *     {@value GraphiteScope#OPERATOR_RECOMMENDED}
 * @param requestTimeout the timeout of each REST request
 * @param window how far back metrics are read (and REST samples kept) for rates and ratios; the
 *     metric source's {@code window} when not set
 * @param processMarkers when {@code spes[i].pids} is empty, a JVM whose options or main class
 *     contain one of these (a main class or a jar name) is a TaskManager, unless it runs one of
 *     Flink's programs without tasks: the JobManager, the {@code flink run} client, the SQL client
 *     ({@link TaskManagerProcesses})
 */
public record FlinkDriverSettings(String restUrl, MetricsFrom metricsFrom, String taskScope, String operatorScope,
                                  Duration requestTimeout, Duration window, List<String> processMarkers) {
    /** The default {@code process-markers}: a standalone TaskManager, or any JVM running Flink's runtime (a MiniCluster). */
    public static final List<String> DEFAULT_MARKERS = List.of(
            "org.apache.flink.runtime.taskexecutor.TaskManagerRunner", "flink-runtime-", "flink-dist-");

    public FlinkDriverSettings {
        restUrl = restUrl == null ? "http://127.0.0.1:8081" : restUrl;
        metricsFrom = metricsFrom == null ? MetricsFrom.GRAPHITE : metricsFrom;
        taskScope = taskScope == null ? GraphiteScope.TASK_DEFAULT : taskScope;
        operatorScope = operatorScope == null ? GraphiteScope.OPERATOR_DEFAULT : operatorScope;
        requestTimeout = requestTimeout == null ? Duration.ofSeconds(2) : requestTimeout;
        processMarkers = processMarkers == null ? DEFAULT_MARKERS : List.copyOf(processMarkers);
    }

    /** Where task metrics come from. */
    public enum MetricsFrom {
        GRAPHITE, REST
    }
}
