package dev.lachesis.drivers.flink;

import dev.lachesis.discovery.JavaCommandLine;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Which JVMs run Flink tasks, by their command lines: a JVM that launches with one of the
 * {@code process-markers} in its options or main class (a standalone TaskManager's
 * {@code TaskManagerRunner}, or Flink's jars on a MiniCluster program's class path), unless its main
 * class is one of Flink's programs that run no task. The JobManager, the {@code flink run} client,
 * the SQL client and gateway and the history server all carry {@code flink-dist} on their class
 * paths too, and scheduling their threads would only take CPU from the tasks. Immutable.
 */
final class TaskManagerProcesses implements Predicate<JavaCommandLine> {
    /** Main classes of Flink programs that never run a task. */
    private static final Set<String> TASKLESS_PROGRAMS = Set.of(
            "org.apache.flink.client.cli.CliFrontend",
            "org.apache.flink.table.client.SqlClient",
            "org.apache.flink.table.gateway.SqlGateway",
            "org.apache.flink.runtime.webmonitor.history.HistoryServer",
            "org.apache.flink.runtime.zookeeper.FlinkZooKeeperQuorumPeer",
            "org.apache.flink.runtime.util.bash.BashJavaUtils",
            "org.apache.flink.yarn.cli.FlinkYarnSessionCli",
            "org.apache.flink.kubernetes.cli.KubernetesSessionCli");
    /** Every JobManager: {@code StandaloneSessionClusterEntrypoint}, {@code StandaloneApplicationClusterEntryPoint}, YARN's and Kubernetes'. */
    private static final String JOB_MANAGER_SUFFIX = "clusterentrypoint";

    private final List<String> markers;

    TaskManagerProcesses(List<String> markers) {
        this.markers = List.copyOf(markers);
    }

    @Override
    public boolean test(JavaCommandLine line) {
        String mainClass = line.mainClass().orElse("");
        boolean taskless = TASKLESS_PROGRAMS.contains(mainClass)
                || mainClass.startsWith("org.apache.flink.") && mainClass.toLowerCase(Locale.ROOT).endsWith(JOB_MANAGER_SUFFIX);
        return !taskless && line.launchMentionsAny(markers);
    }
}
