package dev.lachesis.it.cluster;

import static org.awaitility.Awaitility.await;

import dev.lachesis.experiments.flink.FlinkSettings;
import dev.lachesis.testkit.LinuxNode;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A Flink 1.20 standalone session cluster as users run it (issue 41), made from the jars on this
 * module's test class path (Flink's runtime, its web submission, the Graphite reporter) instead of a
 * Flink distribution: a JobManager JVM ({@code StandaloneSessionClusterEntrypoint --configDir DIR},
 * what {@code bin/jobmanager.sh} runs) and TaskManager JVMs ({@code TaskManagerRunner --configDir DIR},
 * what {@code bin/taskmanager.sh} runs), each started inside the {@link LinuxNode} given, all reading
 * one {@code config.yaml}. That file holds what a user writes there for Lachesis: the Graphite
 * reporter every second with the task and operator scopes {@code config/flink.yaml} recommends;
 * and for the test: every endpoint on 127.0.0.1 at free ports, one slot per TaskManager, every
 * memory size {@code taskmanager.sh} would otherwise work out and pass on, a fixed-delay restart strategy and
 * heartbeats that notice a dead TaskManager in seconds. Each JVM logs to a file in the cluster's
 * directory. {@link #close()} kills every JVM it started. Thread-safe.
 */
final class FlinkStandaloneCluster implements AutoCloseable {
    private static final String JOB_MANAGER = "org.apache.flink.runtime.entrypoint.StandaloneSessionClusterEntrypoint";
    private static final String TASK_MANAGER = "org.apache.flink.runtime.taskexecutor.TaskManagerRunner";
    private static final Duration START_TIMEOUT = Duration.ofMinutes(4);
    private static final String LOGBACK = """
            <configuration>
              <appender name="OUT" class="ch.qos.logback.core.ConsoleAppender">
                <encoder><pattern>%d{HH:mm:ss.SSS} %-5level [%thread] %logger{36} - %msg%n</pattern></encoder>
              </appender>
              <root level="INFO"><appender-ref ref="OUT"/></root>
            </configuration>
            """;

    private final Path dir;
    private final int restPort;
    private final FlinkRestApi rest;
    private final List<NodeProcess> processes = new ArrayList<>();

    private FlinkStandaloneCluster(Path dir, int restPort) {
        this.dir = dir;
        this.restPort = restPort;
        this.rest = new FlinkRestApi(URI.create("http://127.0.0.1:" + restPort));
    }

    /**
     * Writes the cluster's configuration into {@code dir}; nothing runs yet.
     *
     * @param carbon {@code host:port} of the carbon plaintext listener the reporters send to
     */
    static FlinkStandaloneCluster configure(Path dir, String carbon) throws IOException {
        int restPort = freePort();
        FlinkStandaloneCluster cluster = new FlinkStandaloneCluster(dir, restPort);
        Files.createDirectories(dir.resolve("conf"));
        int colon = carbon.lastIndexOf(':');
        Map<String, String> config = new LinkedHashMap<>();
        config.put("jobmanager.rpc.address", "127.0.0.1");
        config.put("jobmanager.rpc.port", Integer.toString(freePort()));
        config.put("jobmanager.bind-host", "127.0.0.1");
        config.put("rest.address", "127.0.0.1");
        config.put("rest.bind-address", "127.0.0.1");
        config.put("rest.port", Integer.toString(restPort));
        config.put("blob.server.port", "0");
        config.put("web.upload.dir", dir.resolve("upload").toString());
        config.put("io.tmp.dirs", dir.resolve("tmp").toString());
        config.put("taskmanager.host", "127.0.0.1");
        config.put("taskmanager.bind-host", "127.0.0.1");
        config.put("taskmanager.numberOfTaskSlots", "1");
        config.put("taskmanager.cpu.cores", "1.0");
        config.put("taskmanager.memory.framework.heap.size", "128m");
        config.put("taskmanager.memory.framework.off-heap.size", "128m");
        config.put("taskmanager.memory.task.heap.size", "256m");
        config.put("taskmanager.memory.task.off-heap.size", "0m");
        config.put("taskmanager.memory.managed.size", "32m");
        config.put("taskmanager.memory.network.min", "64m");
        config.put("taskmanager.memory.network.max", "64m");
        config.put("taskmanager.memory.jvm-metaspace.size", "256m");
        config.put("taskmanager.memory.jvm-overhead.min", "192m");
        config.put("taskmanager.memory.jvm-overhead.max", "192m");
        config.put("cluster.evenly-spread-out-slots", "true");
        config.put("restart-strategy.type", "fixed-delay");
        config.put("restart-strategy.fixed-delay.attempts", "1000");
        config.put("restart-strategy.fixed-delay.delay", "2 s");
        config.put("heartbeat.interval", "2000");
        config.put("heartbeat.timeout", "10000");
        config.put("metrics.reporter.grph.factory.class", "org.apache.flink.metrics.graphite.GraphiteReporterFactory");
        config.put("metrics.reporter.grph.host", carbon.substring(0, colon));
        config.put("metrics.reporter.grph.port", carbon.substring(colon + 1));
        config.put("metrics.reporter.grph.protocol", "TCP");
        config.put("metrics.reporter.grph.interval", "1 SECONDS");
        config.put("metrics.scope.task", FlinkSettings.TASK_SCOPE);
        config.put("metrics.scope.operator", FlinkSettings.OPERATOR_SCOPE);
        StringBuilder yaml = new StringBuilder();
        config.forEach((key, value) -> yaml.append(key).append(": \"").append(value).append("\"\n"));
        Files.writeString(dir.resolve("conf/config.yaml"), yaml);
        Files.writeString(dir.resolve("conf/logback.xml"), LOGBACK);
        return cluster;
    }

    /** Starts the JobManager in {@code node} and waits until its REST endpoint answers. */
    NodeProcess startJobManager(LinuxNode node) throws IOException {
        NodeProcess jobManager = start(node, JOB_MANAGER, "jobmanager", List.of("-Xms384m", "-Xmx384m"), List.of());
        await("the JobManager's REST endpoint " + rest).atMost(START_TIMEOUT).pollInterval(Duration.ofSeconds(1))
                .ignoreExceptions().untilAsserted(rest::taskManagers);
        return jobManager;
    }

    /**
     * Starts a TaskManager with the resource id {@code id} in {@code node}; it registers with the
     * JobManager on its own ({@link #awaitTaskManagers}).
     */
    NodeProcess startTaskManager(LinuxNode node, String id) throws IOException {
        // What taskmanager.sh derives from the memory sizes: heap = framework heap + task heap,
        // direct = framework off-heap + task off-heap + network.
        return start(node, TASK_MANAGER, id, List.of("-Xms384m", "-Xmx384m", "-XX:MaxDirectMemorySize=192m",
                "-XX:MaxMetaspaceSize=256m"), List.of("-D", "taskmanager.resource-id=" + id));
    }

    /** Waits until exactly the TaskManagers {@code ids} are registered. */
    void awaitTaskManagers(List<String> ids) {
        await("TaskManagers " + ids + " registered at " + rest).atMost(START_TIMEOUT).pollInterval(Duration.ofSeconds(1))
                .ignoreExceptions().until(() -> rest.taskManagers().stream().sorted().toList()
                        .equals(ids.stream().sorted().toList()));
    }

    private NodeProcess start(LinuxNode node, String mainClass, String name, List<String> memory, List<String> arguments)
            throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(FlinkSettings.JAVA_17_OPTIONS);
        command.addAll(memory);
        Path tmp = Files.createDirectories(dir.resolve("tmp-" + name));
        command.add("-Djava.io.tmpdir=" + tmp);
        command.add("-Dlogback.configurationFile=" + dir.resolve("conf/logback.xml"));
        command.add("-Dlog.file=" + dir.resolve(name + ".log"));
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(mainClass);
        command.addAll(List.of("--configDir", dir.resolve("conf").toString()));
        command.addAll(arguments);
        NodeProcess process = NodeProcess.start(node, command, mainClass, dir.resolve(name + ".out"));
        synchronized (processes) {
            processes.add(process);
        }
        return process;
    }

    FlinkRestApi rest() {
        return rest;
    }

    int restPort() {
        return restPort;
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    /** Kills every JVM this cluster started, TaskManagers first. Idempotent. */
    @Override
    public void close() {
        List<NodeProcess> started;
        synchronized (processes) {
            started = new ArrayList<>(processes);
        }
        for (int i = started.size() - 1; i >= 0; i--) {
            started.get(i).close();
        }
    }
}
