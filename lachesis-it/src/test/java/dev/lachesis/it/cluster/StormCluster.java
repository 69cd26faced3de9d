package dev.lachesis.it.cluster;

import dev.lachesis.experiments.launch.SpeBuild;
import dev.lachesis.experiments.launch.StormQuerySpec;
import dev.lachesis.testkit.ChildJvm;
import dev.lachesis.experiments.process.LachesisHome;
import dev.lachesis.testkit.LinuxNode;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import org.awaitility.Awaitility;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A Storm 2.8 cluster as users run it, made of the jars experiments/storm runs from (issue 41):
 * ZooKeeper (the server Storm's shaded dependencies carry) and Nimbus in a master node, and one
 * Supervisor in each worker node, each with slots of its own. A Supervisor starts each worker of a
 * topology as Storm does, a {@code LogWriter} JVM in front of a worker JVM, inside its node, so the
 * workers run on the node's CPU, carry its hostname into their series and are seen by the node's
 * own daemon only. The workers' class path is what a Supervisor offers on {@code STORM_EXT_CLASSPATH}
 * (Storm and the example queries' dependencies) plus the topology jar the client uploads.
 *
 * <p>Every process runs inside a node: {@link #close()} ends them all with the nodes. Nimbus and the
 * Supervisors bind their ports on every address (Storm has no setting for it); the machine these
 * tests run on has no network but its loopback. ZooKeeper binds 127.0.0.1.
 */
final class StormCluster implements AutoCloseable {
    private static final String ZOOKEEPER_MAIN = "org.apache.storm.shade.org.apache.zookeeper.server.ZooKeeperServerMain";
    private static final String NIMBUS_MAIN = "org.apache.storm.daemon.nimbus.Nimbus";
    private static final String SUPERVISOR_MAIN = "org.apache.storm.daemon.supervisor.Supervisor";
    /** The example queries' main: with {@code --submit-only}, a {@code storm jar} client. */
    private static final String QUERY_MAIN = "dev.lachesis.experiments.storm.StormQueryMain";
    private static final Logger LOG = LoggerFactory.getLogger(StormCluster.class);
    private static final Duration START_TIMEOUT = Duration.ofMinutes(3);
    private static final int SLOTS_PER_SUPERVISOR = 2;

    private final Path dir;
    private final SpeBuild build;
    private final List<LinuxNode> nodes = new ArrayList<>();
    private final List<NodeProcess> processes = new ArrayList<>();
    private final Map<String, Path> supervisorDirs = new LinkedHashMap<>();
    private final int nimbusPort;

    private StormCluster(Path dir, SpeBuild build, int nimbusPort) {
        this.dir = dir;
        this.build = build;
        this.nimbusPort = nimbusPort;
    }

    /**
     * Starts ZooKeeper and Nimbus in node {@code master} on CPU {@code masterCpu} and a Supervisor
     * in a node per entry of {@code workerNodes} (hostname → CPU), waiting until Nimbus answers and
     * every Supervisor has registered.
     */
    static StormCluster start(Path dir, String master, int masterCpu, Map<String, Integer> workerNodes)
            throws IOException, InterruptedException {
        Files.createDirectories(dir);
        List<Integer> ports = freePorts(2 + workerNodes.size() * (1 + SLOTS_PER_SUPERVISOR));
        StormCluster cluster = new StormCluster(dir, SpeBuild.storm(LachesisHome.root()), ports.get(1));
        try {
            Path hosts = cluster.writeHosts(master, workerNodes.keySet());
            cluster.writeLogging();
            LinuxNode masterNode = cluster.node(master, masterCpu, hosts);
            int zookeeperPort = ports.get(0);
            String common = cluster.commonYaml(zookeeperPort);
            Path zooCfg = Files.writeString(dir.resolve("zoo.cfg"), "tickTime=2000\ndataDir=" + dir.resolve("zookeeper")
                    + "\nclientPort=" + zookeeperPort + "\nclientPortAddress=127.0.0.1\nadmin.enableServer=false\n");
            cluster.launch(masterNode, "zookeeper", Map.of(), List.of("-Xmx128m", "-Dzookeeper.forceSync=no"),
                    ZOOKEEPER_MAIN, List.of(zooCfg.toString()));
            awaitPort(zookeeperPort, "ZooKeeper");
            Path nimbusYaml = Files.writeString(dir.resolve("nimbus.yaml"), common
                    + "storm.local.hostname: \"127.0.0.1\"\n"
                    + "storm.local.dir: \"" + dir.resolve("nimbus") + "\"\n"
                    + "storm.metricstore.rocksdb.location: \"" + dir.resolve("nimbus").resolve("rocks") + "\"\n");
            cluster.launch(masterNode, "nimbus", Map.of(), cluster.daemonOptions("nimbus", nimbusYaml), NIMBUS_MAIN,
                    List.of());
            awaitPort(cluster.nimbusPort, "Nimbus");
            int next = 2;
            for (Map.Entry<String, Integer> worker : workerNodes.entrySet()) {
                String name = worker.getKey();
                LinuxNode node = cluster.node(name, worker.getValue(), hosts);
                Path local = dir.resolve("supervisor-" + name);
                cluster.supervisorDirs.put(name, local);
                List<Integer> slots = ports.subList(next + 1, next + 1 + SLOTS_PER_SUPERVISOR);
                Path yaml = Files.writeString(dir.resolve("supervisor-" + name + ".yaml"), common
                        + "storm.local.dir: \"" + local + "\"\n"
                        + "supervisor.thrift.port: " + ports.get(next) + "\n"
                        + "supervisor.slots.ports: " + slots + "\n"
                        + "worker.childopts: \"-Xmx256m\"\n");
                next += 1 + SLOTS_PER_SUPERVISOR;
                cluster.launch(node, "supervisor-" + name, Map.of("JAVA_HOME", System.getProperty("java.home"),
                                "STORM_EXT_CLASSPATH", cluster.libraryPath()),
                        cluster.daemonOptions("supervisor-" + name, yaml), SUPERVISOR_MAIN, List.of());
            }
            cluster.awaitSupervisorsRegistered(workerNodes.size());
            return cluster;
        } catch (IOException | InterruptedException | RuntimeException e) {
            cluster.close();
            throw e;
        }
    }

    /** The node named {@code hostname}. */
    LinuxNode node(String hostname) {
        return nodes.stream().filter(n -> n.hostname().equals(hostname)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no node " + hostname));
    }

    /**
     * Submits the example pipeline query (source, light, heavy ×2, sink) as {@code topology} in
     * {@code workers} workers, as a {@code storm jar} client does: a JVM that uploads the example
     * queries' jar to Nimbus and ends; its sink and every executor run in the Supervisors' workers.
     * The workers report to Graphite's carbon receiver {@code carbon}.
     */
    void submitPipeline(String topology, int workers, double tuplesPerSecond, long heavyCostMicros, String carbon)
            throws IOException, InterruptedException, TimeoutException {
        Path clientConfig = Files.writeString(dir.resolve("client.yaml"), "nimbus.seeds: [\"127.0.0.1\"]\n"
                + "nimbus.thrift.port: " + nimbusPort + "\n");
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m",
                "-Dstorm.conf.file=" + clientConfig, "-Dstorm.jar=" + build.jar(), "-cp", build.classPath(), QUERY_MAIN,
                "--query", "pipeline", "--name", topology, "--rate", Double.toString(tuplesPerSecond),
                "--metrics", carbon, "--wait-strategy", "park", "--heavy-cost-us", Long.toString(heavyCostMicros),
                "--workers", Integer.toString(workers), "--submit-only");
        try (ChildJvm client = ChildJvm.exec(command, StormQuerySpec.READY, line -> LOG.debug("storm jar: {}", line))) {
            client.awaitLine(START_TIMEOUT);
        }
    }

    /**
     * The worker JVMs the Supervisor of node {@code hostname} runs now, as this machine numbers them:
     * the PIDs Storm's workers write under the Supervisor's {@code workers/<id>/pids}.
     */
    List<Long> workerPids(String hostname) {
        Path workers = supervisorDirs.get(hostname).resolve("workers");
        if (!Files.isDirectory(workers)) {
            return List.of();
        }
        List<Long> inNode = new ArrayList<>();
        try (Stream<Path> ids = Files.list(workers)) {
            for (Path id : ids.toList()) {
                Path pids = id.resolve("pids");
                if (Files.isDirectory(pids)) {
                    try (Stream<Path> files = Files.list(pids)) {
                        files.map(f -> Long.parseLong(f.getFileName().toString())).forEach(inNode::add);
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return inNode.stream().map(pid -> node(hostname).hostPid(pid)).flatMap(Optional::stream)
                .filter(pid -> ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).toList();
    }

    /** Every process of the cluster, in every node, as this machine numbers them. */
    List<Long> allProcesses() {
        return nodes.stream().flatMap(n -> n.processes().stream()).toList();
    }

    /** Ends every process of the cluster: the daemons it started, then the nodes with whatever they still run (workers). */
    @Override
    public void close() {
        processes.forEach(NodeProcess::close);
        nodes.forEach(LinuxNode::close);
    }

    private LinuxNode node(String hostname, int cpu, Path hosts) throws IOException, InterruptedException {
        LinuxNode node = LinuxNode.start(hostname, cpu, hosts);
        nodes.add(node);
        return node;
    }

    /** Each node a loopback address of its own, master first: 127.0.1.1, 127.0.1.2, ... */
    private Path writeHosts(String master, Iterable<String> workers) throws IOException {
        StringBuilder hosts = new StringBuilder("127.0.0.1 localhost\n");
        List<String> names = new ArrayList<>(List.of(master));
        workers.forEach(names::add);
        for (int i = 0; i < names.size(); i++) {
            hosts.append("127.0.1.").append(i + 1).append(' ').append(names.get(i)).append('\n');
        }
        return Files.writeString(dir.resolve("hosts"), hosts);
    }

    /**
     * Storm's {@code log4j2} directory under {@code storm.home}: the daemons log to standard output
     * (kept in a file per daemon here), a worker and its {@code LogWriter} to
     * {@code workers-artifacts/<topology>/<port>/}, where Storm's own worker configuration puts them.
     */
    private void writeLogging() throws IOException {
        Path log4j2 = Files.createDirectories(dir.resolve("home").resolve("log4j2"));
        Files.writeString(log4j2.resolve("cluster.xml"), """
                <Configuration status="WARN">
                  <Appenders><Console name="out" target="SYSTEM_OUT"><PatternLayout pattern="%d{HH:mm:ss.SSS} %-5level %c{1.} - %msg%n"/></Console></Appenders>
                  <Loggers><Logger name="org.apache.storm" level="info"/><Root level="warn"><AppenderRef ref="out"/></Root></Loggers>
                </Configuration>
                """);
        Files.writeString(log4j2.resolve("worker.xml"), """
                <Configuration status="WARN">
                  <Appenders><File name="file" fileName="${sys:workers.artifacts}/${sys:storm.id}/${sys:worker.port}/${sys:logfile.name}">
                    <PatternLayout pattern="%d{HH:mm:ss.SSS} [%t] %-5level %c{1.} - %msg%n"/></File></Appenders>
                  <Loggers><Root level="warn"><AppenderRef ref="file"/></Root></Loggers>
                </Configuration>
                """);
    }

    private String commonYaml(int zookeeperPort) {
        return "storm.zookeeper.servers: [\"127.0.0.1\"]\n"
                + "storm.zookeeper.port: " + zookeeperPort + "\n"
                + "nimbus.seeds: [\"127.0.0.1\"]\n"
                + "nimbus.thrift.port: " + nimbusPort + "\n";
    }

    private List<String> daemonOptions(String name, Path yaml) {
        Path home = dir.resolve("home");
        return List.of("-Xmx256m", "-Dstorm.home=" + home, "-Dstorm.log.dir=" + dir.resolve("logs").resolve(name),
                "-Dlogfile.name=" + name + ".log", "-Dlog4j.configurationFile=" + home.resolve("log4j2/cluster.xml"),
                "-Dstorm.conf.file=" + yaml);
    }

    /** The jars of experiments/storm's {@code lib}: Storm and everything the example queries need. */
    private String libraryPath() {
        List<String> jars = new ArrayList<>(List.of(build.classPath().split(File.pathSeparator)));
        jars.remove(build.jar().toString());
        return String.join(File.pathSeparator, jars);
    }

    private void launch(LinuxNode node, String name, Map<String, String> environment, List<String> jvmOptions,
                        String mainClass, List<String> args) throws IOException {
        List<String> java = new ArrayList<>();
        java.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        java.addAll(jvmOptions);
        java.addAll(List.of("-cp", build.classPath(), mainClass));
        java.addAll(args);
        Path log = Files.createDirectories(dir.resolve("logs")).resolve(name + ".out");
        processes.add(NodeProcess.start(node, java, environment, mainClass, log));
    }

    private void awaitSupervisorsRegistered(int supervisors) {
        Awaitility.await(supervisors + " Supervisors registered with Nimbus").atMost(START_TIMEOUT)
                .pollInterval(Duration.ofMillis(500))
                .until(() -> supervisorDirs.values().stream().filter(d -> Files.isDirectory(d.resolve("supervisor")))
                        .count() == supervisors);
    }

    private static void awaitPort(int port, String what) {
        Awaitility.await(what + " listening on port " + port).atMost(START_TIMEOUT).pollInterval(Duration.ofMillis(200))
                .until(() -> {
                    try (Socket socket = new Socket()) {
                        socket.connect(new InetSocketAddress("127.0.0.1", port), 500);
                        return true;
                    } catch (IOException e) {
                        return false;
                    }
                });
    }

    private static List<Integer> freePorts(int count) throws IOException {
        List<ServerSocket> sockets = new ArrayList<>();
        try {
            for (int i = 0; i < count; i++) {
                sockets.add(new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress()));
            }
            return sockets.stream().map(ServerSocket::getLocalPort).toList();
        } finally {
            for (ServerSocket socket : sockets) {
                socket.close();
            }
        }
    }
}
