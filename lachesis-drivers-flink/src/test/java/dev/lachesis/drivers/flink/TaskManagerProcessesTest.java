package dev.lachesis.drivers.flink;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.discovery.JavaCommandLine;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Command lines as Flink 1.20's {@code bin/flink-daemon.sh} and {@code bin/flink} start them. */
class TaskManagerProcessesTest {
    private static final String CLASS_PATH = "/opt/flink/lib/flink-csv-1.20.5.jar:/opt/flink/lib/flink-json-1.20.5.jar"
            + ":/opt/flink/lib/log4j-core-2.24.3.jar:/opt/flink/lib/flink-dist-1.20.5.jar";
    private final TaskManagerProcesses taskManagers = new TaskManagerProcesses(FlinkDriverSettings.DEFAULT_MARKERS);

    @Test
    void aStandaloneTaskManagerIsOne() {
        assertThat(taskManagers.test(daemon("org.apache.flink.runtime.taskexecutor.TaskManagerRunner",
                "--configDir", "/opt/flink/conf", "-D", "taskmanager.memory.network.min=134217730b",
                "-D", "taskmanager.cpu.cores=1.0"))).isTrue();
    }

    @Test
    void theJobManagerAndTheClientsAreNot() {
        assertThat(taskManagers.test(daemon("org.apache.flink.runtime.entrypoint.StandaloneSessionClusterEntrypoint",
                "--configDir", "/opt/flink/conf", "--executionMode", "cluster"))).isFalse();
        assertThat(taskManagers.test(daemon("org.apache.flink.container.entrypoint.StandaloneApplicationClusterEntryPoint",
                "--configDir", "/opt/flink/conf", "--job-classname", "com.example.Job"))).isFalse();
        assertThat(taskManagers.test(daemon("org.apache.flink.client.cli.CliFrontend",
                "run", "-d", "/opt/flink/examples/streaming/WordCount.jar"))).isFalse();
        assertThat(taskManagers.test(daemon("org.apache.flink.table.client.SqlClient", "embedded"))).isFalse();
        assertThat(taskManagers.test(daemon("org.apache.flink.runtime.webmonitor.history.HistoryServer",
                "--configDir", "/opt/flink/conf"))).isFalse();
    }

    @Test
    void aProgramRunningAMiniClusterIsOneAndAnyOtherJvmIsNot() {
        JavaCommandLine miniCluster = JavaCommandLine.parse(List.of("java", "-cp",
                "target/classes:/root/.m2/repository/org/apache/flink/flink-runtime/1.20.5/flink-runtime-1.20.5.jar",
                "com.example.PipelineJob", "--rate", "1000")).orElseThrow();
        JavaCommandLine namesFlinkInItsArguments = JavaCommandLine.parse(List.of("java", "-cp", "tool.jar",
                "com.example.Deploy", "/opt/flink/lib/flink-dist-1.20.5.jar")).orElseThrow();

        assertThat(taskManagers.test(miniCluster)).isTrue();
        assertThat(taskManagers.test(namesFlinkInItsArguments)).isFalse();
    }

    /**
     * A standalone cluster started from Maven's jars, not a Flink distribution (issue 41's
     * {@code FlinkClusterIT}, as {@code /proc/<pid>/cmdline} showed it, with 4 of its 108 class path
     * entries and 2 of its 20 module options): no {@code flink-dist} jar, but {@code flink-runtime} on both class paths, so the main
     * class alone tells the JobManager from the TaskManager.
     */
    @Test
    void aClusterStartedFromMavensJarsHasItsTaskManagerFoundAndItsJobManagerLeftAlone() {
        String classPath = "/work/dev-flink/lachesis-it/target/test-classes"
                + ":/root/.m2/repository/org/apache/flink/flink-metrics-graphite/1.20.1/flink-metrics-graphite-1.20.1.jar"
                + ":/root/.m2/repository/org/apache/flink/flink-runtime-web/1.20.5/flink-runtime-web-1.20.5.jar"
                + ":/root/.m2/repository/org/apache/flink/flink-runtime/1.20.5/flink-runtime-1.20.5.jar";
        JavaCommandLine jobManager = fromMaven(classPath, "-Xms384m",
                "org.apache.flink.runtime.entrypoint.StandaloneSessionClusterEntrypoint",
                "--configDir", "/tmp/junit-569401120325463216/flink/conf");
        JavaCommandLine taskManager = fromMaven(classPath, "-XX:MaxDirectMemorySize=192m",
                "org.apache.flink.runtime.taskexecutor.TaskManagerRunner",
                "--configDir", "/tmp/junit-569401120325463216/flink/conf", "-D", "taskmanager.resource-id=tm-node-a");

        assertThat(taskManagers.test(taskManager)).isTrue();
        assertThat(taskManagers.test(jobManager)).isFalse();
    }

    private static JavaCommandLine fromMaven(String classPath, String memory, String mainClass, String... arguments) {
        List<String> line = new ArrayList<>(List.of("/usr/lib/jvm/java-17-openjdk-amd64/bin/java",
                "--add-exports=java.base/sun.net.util=ALL-UNNAMED", "--add-opens=java.base/java.util=ALL-UNNAMED",
                memory, "-Djava.io.tmpdir=/tmp/junit-569401120325463216/flink/tmp-node",
                "-Dlog.file=/tmp/junit-569401120325463216/flink/node.log", "-cp", classPath, mainClass));
        line.addAll(List.of(arguments));
        return JavaCommandLine.parse(line).orElseThrow();
    }

    private static JavaCommandLine daemon(String mainClass, String... arguments) {
        List<String> line = new ArrayList<>(List.of("/usr/lib/jvm/java-17-openjdk-amd64/bin/java", "-Xmx536870902",
                "-Xms536870902", "-XX:MaxMetaspaceSize=268435456", "--add-opens=java.base/java.util=ALL-UNNAMED",
                "-Dlog.file=/opt/flink/log/flink-root-node-a.log", "-Dlog4j.configurationFile=file:/opt/flink/conf/log4j.properties",
                "-classpath", CLASS_PATH + ":::", mainClass));
        line.addAll(List.of(arguments));
        return JavaCommandLine.parse(line).orElseThrow();
    }
}
