package dev.lachesis.experiments.flink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a stopped Flink cluster leaves on disk. At start its MiniCluster copies Flink's RPC system
 * out of its jar into a 21 MB {@code flink-rpc-akka<uuid>.jar}, which it keeps open (found here
 * through {@code /proc/<pid>/fd}); that file must be gone once the cluster was stopped the ways our
 * harnesses stop it: {@link FlinkClusterProcess#close()} (the end-to-end tests), SIGTERM to the
 * Flink query launcher (a sweep's trial), and {@code close()} after the
 * cluster JVM was killed with SIGKILL.
 */
class FlinkTemporaryFilesIT {
    private static final Logger LOG = LoggerFactory.getLogger(FlinkTemporaryFilesIT.class);
    private static final Duration START_TIMEOUT = Duration.ofMinutes(2);
    private static final int HEAP_MB = 768;
    /** Flink's name for its copy (1.20 and 2.x), unlike the loader's own flink-rpc-akka-loader-1.20.5.jar. */
    private static final Pattern RPC_JAR = Pattern.compile("flink-rpc-akka[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}\\.jar");
    private static final Pattern LAUNCHER_READY = Pattern.compile("flink pid=(\\d+) .*");

    @Test
    void closingTheClusterLeavesNoCopyOfTheRpcJar() throws Exception {
        Path jar;
        try (FlinkClusterProcess flink = FlinkClusterProcess.start(HEAP_MB, query(), LOG::debug, START_TIMEOUT)) {
            jar = rpcJarOpenedBy(flink.pid());
        }
        assertThat(jar).doesNotExist();
    }

    @Test
    void closingAClusterKilledWithSigkillLeavesNoCopyOfTheRpcJar() throws Exception {
        Path jar;
        try (FlinkClusterProcess flink = FlinkClusterProcess.start(HEAP_MB, query(), LOG::debug, START_TIMEOUT)) {
            jar = rpcJarOpenedBy(flink.pid());
            ProcessHandle.of(flink.pid()).ifPresent(ProcessHandle::destroyForcibly);
            await().atMost(Duration.ofSeconds(30)).until(() -> !flink.isAlive());
            assertThat(jar).as("the killed JVM could not delete its copy").exists();
        }
        assertThat(jar).doesNotExist();
    }

    @Test
    void stoppingTheLauncherWithSigtermLeavesNoCopyOfTheRpcJar() throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), FlinkQueryLauncher.class.getName(),
                "--heap-mb", Integer.toString(HEAP_MB)));
        command.addAll(query());
        Process launcher = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try {
            long cluster = clusterAnnouncedBy(launcher);
            Path jar = rpcJarOpenedBy(cluster);

            launcher.destroy();
            assertThat(launcher.waitFor(60, TimeUnit.SECONDS)).as("the launcher exited after SIGTERM").isTrue();
            assertThat(ProcessHandle.of(cluster).filter(ProcessHandle::isAlive)).as("the cluster JVM").isEmpty();
            assertThat(jar).doesNotExist();
        } finally {
            launcher.destroyForcibly();
        }
    }

    /** The pipeline query at a low rate: a MiniCluster with a job, as every run starts one. */
    private static List<String> query() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return List.of("--query", "pipeline", "--rate", "100", "--rest-port", Integer.toString(socket.getLocalPort()));
        }
    }

    /** The copy of the RPC jar that the JVM {@code pid} has open. */
    private static Path rpcJarOpenedBy(long pid) throws IOException {
        try (Stream<Path> descriptors = Files.list(Path.of("/proc", Long.toString(pid), "fd"))) {
            Optional<Path> jar = descriptors.map(FlinkTemporaryFilesIT::target).flatMap(Optional::stream)
                    .filter(path -> RPC_JAR.matcher(path.getFileName().toString()).matches())
                    .findFirst();
            assertThat(jar).as("a flink-rpc-akka<uuid>.jar open in PID %d", pid).isPresent();
            LOG.info("PID {} runs Flink's RPC system from {}", pid, jar.get());
            assertThat(jar.get()).exists();
            return jar.get();
        }
    }

    /** The file a descriptor of {@code /proc/<pid>/fd} points to; empty for sockets, pipes and closed ones. */
    private static Optional<Path> target(Path descriptor) {
        try {
            Path target = Files.readSymbolicLink(descriptor);
            return target.isAbsolute() ? Optional.of(target) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** Waits for the launcher's {@code flink pid=<pid> ...} line and returns the cluster JVM's PID. */
    private static long clusterAnnouncedBy(Process launcher) throws Exception {
        BufferedReader out = new BufferedReader(new InputStreamReader(launcher.getInputStream(), StandardCharsets.UTF_8));
        CompletableFuture<Long> pid = CompletableFuture.supplyAsync(() -> {
            try {
                for (String line = out.readLine(); line != null; line = out.readLine()) {
                    Matcher ready = LAUNCHER_READY.matcher(line);
                    if (ready.matches()) {
                        return Long.parseLong(ready.group(1));
                    }
                }
                throw new IllegalStateException("the launcher exited before it announced the cluster");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        return pid.get(START_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
    }
}
