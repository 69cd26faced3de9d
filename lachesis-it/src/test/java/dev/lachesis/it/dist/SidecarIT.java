package dev.lachesis.it.dist;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.github.dockerjava.api.model.Capability;
import dev.lachesis.core.testing.HostRequirement;
import dev.lachesis.experiments.process.LachesisHome;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.containers.BindMode;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.images.builder.Transferable;
import org.testcontainers.utility.DockerImageName;

/**
 * The daemon as a sidecar container, the way a pod with {@code shareProcessNamespace} runs it: a
 * Storm 2.8 query in one container (from the offline Debian base image, with a real-time budget,
 * {@code docker run --cpu-rt-runtime}), the daemon's image (deploy/docker/Dockerfile, from the
 * tarball) in another that shares its PID and network namespaces and has {@code --cap-add SYS_NICE}.
 * Both mount one directory at {@code /tmp}, where a JVM answers attach requests: Java 17's attach
 * looks for that socket in its own {@code /tmp} when the target shares its PID namespace. The
 * sidecar has a small budget of its own, for its start-up check that real time is permitted. The
 * test reads the Storm threads' scheduling class from the host's {@code /proc}: SCHED_RR while the
 * sidecar runs, SCHED_OTHER once it is stopped. Without a budget for the SPE, the sidecar says in
 * one line which flag is missing and changes nothing.
 */
class SidecarIT {
    private static final DockerImageName BASE = DockerImageName.parse("lachesis/debian-java:bookworm");
    private static final String CHECKOUT = "/opt/lachesis-checkout";
    /** The SPE container's real-time budget: 100 ms of every second, below dockerd's own. */
    private static final long RT_RUNTIME_US = 100_000;
    /** The sidecar's own budget: its start-up probe sets one of its threads to SCHED_RR. */
    private static final long SIDECAR_RT_RUNTIME_US = 10_000;
    private static final int SCHED_OTHER = 0;
    private static final int SCHED_RR = 2;
    private static String sidecarImage;

    /** The pod's shared {@code /tmp}. */
    @TempDir
    Path podTmp;

    @BeforeAll
    static void buildImages() throws Exception {
        HostRequirement.DOCKER.check(dockerAnswers(), "no Docker daemon answers (./test.sh starts one:"
                + " deploy/docker/dockerd.sh)");
        HostRequirement.RT_BUDGET.check(Files.isRegularFile(Path.of("/sys/fs/cgroup/cpu/cpu.rt_runtime_us")),
                "no cgroup-v1 cpu controller with cpu.rt_runtime_us: the sidecar's containers need real-time budgets");
        Process build = new ProcessBuilder(LachesisHome.root().resolve("deploy/docker/build-images.sh").toString())
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String image = new String(build.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertThat(build.waitFor()).as("deploy/docker/build-images.sh").isZero();
        sidecarImage = image;
    }

    @Test
    void theSidecarSchedulesTheSpesThreadsInRealTimeAndRestoresThemWhenStopped() throws Exception {
        try (GenericContainer<?> spe = stormQuery(RT_RUNTIME_US, podTmp)) {
            spe.start();
            long storm = stormHostPid(spe);
            try (GenericContainer<?> sidecar = sidecarOf(spe, podTmp)) {
                sidecar.start();
                await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofSeconds(1)).untilAsserted(() ->
                        assertThat(policies(storm).values()).as("Storm's threads; the sidecar's log:\n%s",
                                sidecar.getLogs()).contains(SCHED_RR));
                // The mount's top is the sidecar's own group, whose small budget is not what throttles the SPE.
                // The watchdog logs it from its own thread, at its first look after real time went on.
                await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofSeconds(1)).untilAsserted(() ->
                        assertThat(sidecar.getLogs()).contains("the RT watchdog's canaries may wait"));
                assertThat(sidecar.getLogs()).doesNotContain("may hold a CPU for " + SIDECAR_RT_RUNTIME_US / 1000 + " ms");

                // docker stop: SIGTERM, as the kubelet sends; the daemon restores before it exits.
                sidecar.getDockerClient().stopContainerCmd(sidecar.getContainerId()).withTimeout(30).exec();
                assertThat(policies(storm)).as("after docker stop; the sidecar's log:\n%s", sidecar.getLogs())
                        .isNotEmpty().allSatisfy((tid, policy) -> assertThat(policy).as("thread %s", tid)
                                .isEqualTo(SCHED_OTHER));
            }
        }
    }

    @Test
    void withoutARealTimeBudgetTheSidecarNamesTheMissingFlag() throws Exception {
        try (GenericContainer<?> spe = stormQuery(0, podTmp)) {
            spe.start();
            long storm = stormHostPid(spe);
            try (GenericContainer<?> sidecar = sidecarOf(spe, podTmp)) {
                sidecar.start();
                await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofSeconds(1)).untilAsserted(() ->
                        assertThat(sidecar.getLogs()).contains("--cpu-rt-runtime"));
                assertThat(policies(storm).values()).doesNotContain(SCHED_RR);
            }
        }
    }

    /** Storm's pipeline query in a container of its own, run from the checkout's build, bound read-only. */
    private static GenericContainer<?> stormQuery(long rtRuntimeMicros, Path podTmp) throws IOException {
        Files.setPosixFilePermissions(podTmp, PosixFilePermissions.fromString("rwxrwxrwx"));
        return new GenericContainer<>(BASE)
                .withFileSystemBind(podTmp.toString(), "/tmp", BindMode.READ_WRITE)
                .withFileSystemBind(LachesisHome.root().toAbsolutePath().normalize().toString(), CHECKOUT,
                        BindMode.READ_ONLY)
                .withCommand(CHECKOUT + "/bin/lachesis-bench", "query", "--spe", "storm", "--query", "pipeline",
                        "--rate", "300", "--wait-strategy", "park", "--metrics", "127.0.0.1:2003")
                .withCreateContainerCmdModifier(create -> create.getHostConfig()
                        .withCpuRealtimeRuntime(rtRuntimeMicros > 0 ? rtRuntimeMicros : null))
                // The query prints the Storm JVM's PID once tuples reach its sink.
                .waitingFor(Wait.forLogMessage("\\d+\\n", 1).withStartupTimeout(Duration.ofMinutes(4)));
    }

    /** The daemon's image in the SPE's PID and network namespaces with CAP_SYS_NICE, as a pod's sidecar. */
    private static GenericContainer<?> sidecarOf(GenericContainer<?> spe, Path podTmp) {
        String pod = "container:" + spe.getContainerId();
        return new GenericContainer<>(DockerImageName.parse(sidecarImage))
                .withFileSystemBind(podTmp.toString(), "/tmp", BindMode.READ_WRITE)
                .withCreateContainerCmdModifier(create -> create.getHostConfig().withPidMode(pod).withNetworkMode(pod)
                        .withCapAdd(Capability.SYS_NICE).withCpuRealtimeRuntime(SIDECAR_RT_RUNTIME_US))
                .withCopyToContainer(Transferable.of(POLICY_FILE), "/etc/lachesis/lachesis.yaml")
                .waitingFor(Wait.forLogMessage(".*Scheduling 1 SPE instance.*\\n", 1));
    }

    /**
     * Storm's heavy operator first, in real time even though Storm 2's executors poll (what is
     * tested is the budget); the store on the ports the query reports to.
     */
    private static final String POLICY_FILE = PipelinePolicyFile.yaml(2003, 8080, "rt", "{polling-spes: rt}");

    /** The host PID of the Storm JVM, whose PID in the container the query printed. */
    private static long stormHostPid(GenericContainer<?> spe) throws IOException {
        Matcher printed = Pattern.compile("(?m)^(\\d+)$").matcher(spe.getLogs());
        assertThat(printed.find()).as(spe.getLogs()).isTrue();
        String inContainer = printed.group(1);
        long init = spe.getContainerInfo().getState().getPidLong();
        Optional<Long> storm = ProcessHandle.of(init).orElseThrow().descendants().map(ProcessHandle::pid)
                .filter(pid -> inContainer.equals(lastNamespacePid(pid))).findFirst();
        assertThat(storm).as("a process under PID %d that is PID %s in its container", init, inContainer).isPresent();
        return storm.get();
    }

    /** The last field of {@code NSpid:} in {@code /proc/<pid>/status}: its PID in its own namespace. */
    private static String lastNamespacePid(long pid) {
        try (Stream<String> lines = Files.lines(Path.of("/proc/" + pid + "/status"))) {
            return lines.filter(line -> line.startsWith("NSpid:")).map(line -> line.split("\\s+"))
                    .map(fields -> fields[fields.length - 1]).findFirst().orElse("");
        } catch (IOException e) {
            return "";
        }
    }

    /** Each thread's scheduling policy, field 41 of {@code /proc/<pid>/task/<tid>/stat}. */
    private static Map<String, Integer> policies(long pid) throws IOException {
        try (Stream<Path> tasks = Files.list(Path.of("/proc/" + pid + "/task"))) {
            return tasks.map(task -> Map.entry(task.getFileName().toString(), stat(task)))
                    .filter(entry -> !entry.getValue().isEmpty())
                    .collect(Collectors.toMap(Map.Entry::getKey, entry -> Integer.parseInt(List.of(
                            entry.getValue().substring(entry.getValue().lastIndexOf(") ") + 2).split(" ")).get(38))));
        }
    }

    private static String stat(Path task) {
        try {
            return Files.readString(task.resolve("stat"));
        } catch (IOException e) {
            return "";
        }
    }

    /** Whether {@code docker info} reaches a daemon. */
    private static boolean dockerAnswers() throws InterruptedException {
        try {
            Process info = new ProcessBuilder("docker", "info").redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            return info.waitFor() == 0;
        } catch (IOException e) {
            return false;
        }
    }
}
