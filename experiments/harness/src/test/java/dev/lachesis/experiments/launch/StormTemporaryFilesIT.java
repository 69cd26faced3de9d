package dev.lachesis.experiments.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.lachesis.core.config.ConfigNode;
import dev.lachesis.core.proc.ProcFs;
import dev.lachesis.core.spi.MetricSource;
import dev.lachesis.core.spi.MetricSourceFactory;
import dev.lachesis.core.spi.Plugins;
import dev.lachesis.experiments.launch.StormQuery;
import dev.lachesis.experiments.launch.WaitStrategy;
import dev.lachesis.experiments.process.LachesisHome;
import dev.lachesis.experiments.run.CpuList;
import dev.lachesis.server.store.EmbeddedMetricSource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a stopped Storm query JVM leaves on disk. Its {@code LocalCluster} keeps ZooKeeper's
 * transaction log and RocksDB's metric store open in directories of their own under the JVM's
 * {@code java.io.tmpdir} (found here through {@code /proc/<pid>/fd}) and deletes them only in
 * {@code LocalCluster.close()}, which a JVM stopped by a signal never reaches. Started the way a
 * sweep starts it ({@link StormLauncher}) and stopped the way a sweep stops it
 * ({@link RunningQuery#close()}: SIGTERM, SIGKILL after a grace period), or first killed with
 * SIGKILL, the JVM must leave neither those directories nor the {@code java.io.tmpdir} it was given;
 * nor when {@code bin/lachesis-bench sweep} gets SIGTERM while its Storm JVM is starting.
 */
class StormTemporaryFilesIT {
    private static final Logger LOG = LoggerFactory.getLogger(StormTemporaryFilesIT.class);
    /** What java.io.tmpdir is on Linux unless a JVM is told otherwise. */
    private static final Path SHARED_TMP = Path.of("/tmp");
    private static final double RATE = 50;
    private static final String TMPDIR_OPTION = "-Djava.io.tmpdir=";

    @Test
    void stoppingTheQueryAsASweepDoesLeavesNoneOfItsDirectories() throws Exception {
        try (MetricSource store = store()) {
            RunningQuery query = start(store);
            long pid = query.pids().get(0);
            Path tmpdir;
            Set<Path> stormDirectories;
            try {
                tmpdir = tmpdirOf(pid);
                stormDirectories = directoriesHoldingFilesOpenIn(pid, tmpdir);
            } finally {
                query.close();
            }
            assertThat(ProcessHandle.of(pid).filter(ProcessHandle::isAlive)).as("the Storm JVM").isEmpty();
            assertLeftNothing(tmpdir, stormDirectories);
        }
    }

    @Test
    void closingAQueryKilledWithSigkillLeavesNoneOfItsDirectories() throws Exception {
        try (MetricSource store = store()) {
            RunningQuery query = start(store);
            long pid = query.pids().get(0);
            Path tmpdir;
            Set<Path> stormDirectories;
            try {
                tmpdir = tmpdirOf(pid);
                stormDirectories = directoriesHoldingFilesOpenIn(pid, tmpdir);
                ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
                await().atMost(Duration.ofSeconds(30)).until(() -> ProcessHandle.of(pid)
                        .filter(ProcessHandle::isAlive).isEmpty());
                assertThat(stormDirectories).as("the killed JVM could not delete them")
                        .allSatisfy(d -> assertThat(d).exists());
            } finally {
                query.close();
            }
            assertLeftNothing(tmpdir, stormDirectories);
        }
    }

    @Test
    void stoppingASweepWithSigtermWhileItsStormStartsLeavesNoneOfItsDirectories(@TempDir Path out) throws Exception {
        assumeTrue(CpuList.online().size() >= 2, "a sweep needs two CPUs");
        Path bench = LachesisHome.root().toAbsolutePath().normalize().resolve("bin/lachesis-bench");
        Process sweep = new ProcessBuilder(bench.toString(), "sweep", "--spe", "storm", "--query", "pipeline",
                "--rates", Double.toString(RATE), "--modes", "OS", "--reps", "1", "--warm-up", "5s", "--measure", "5s",
                "--wait-strategy", "park", "--spe-cpus", Integer.toString(ownCpus().cpus().last()), "--out", out.toString())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try {
            ProcessHandle storm = await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(50))
                    .until(() -> stormJvmStartedBy(sweep), Optional::isPresent).orElseThrow();
            Path tmpdir = tmpdirOf(storm.pid());

            sweep.destroy();
            assertThat(sweep.waitFor(60, TimeUnit.SECONDS)).as("the sweep exited after SIGTERM").isTrue();
            assertThat(storm.isAlive()).as("the Storm JVM is alive").isFalse();
            assertThat(tmpdir).as("the java.io.tmpdir the Storm JVM was given").isNotEqualTo(SHARED_TMP).doesNotExist();
        } finally {
            sweep.destroyForcibly();
        }
    }

    /**
     * The child of {@code sweep} that runs Storm's LocalCluster, once it runs java (it starts as taskset).
     * Read from {@code /proc/<pid>/cmdline} as the driver reads it: {@code ProcessHandle.Info} stops at
     * the first 4096 bytes, which the class path of the Storm JVM outgrows in a deeper checkout.
     */
    private static Optional<ProcessHandle> stormJvmStartedBy(Process sweep) {
        return sweep.children().filter(child -> ProcFs.system().cmdline((int) child.pid())
                .contains("org.apache.storm.LocalCluster")).findFirst();
    }

    /** The pipeline query at a low rate on this JVM's CPUs, reporting to an embedded store as in a sweep. */
    private static RunningQuery start(MetricSource store) throws Exception {
        StormLauncher launcher = new StormLauncher(StormQuery.PIPELINE, 0, WaitStrategy.PARK, Duration.ofSeconds(90));
        RunningQuery query = launcher.start(RATE, ownCpus(), ((EmbeddedMetricSource) store).carbonPort(), null,
                line -> LOG.debug("storm: {}", line));
        LOG.info("Started {}", query);
        return query;
    }

    private static MetricSource store() throws Exception {
        return Plugins.load(MetricSourceFactory.class, "metric source").get("embedded", "metrics.source")
                .create(ConfigNode.ofYaml("metrics", "source: embedded\nsettings: {carbon-port: 0, http-port: 0}\n"));
    }

    private static void assertLeftNothing(Path tmpdir, Set<Path> stormDirectories) {
        assertThat(stormDirectories).as("Storm's directories").allSatisfy(d -> assertThat(d).doesNotExist());
        assertThat(tmpdir).as("the java.io.tmpdir the Storm JVM was given").isNotEqualTo(SHARED_TMP).doesNotExist();
    }

    /** The CPUs this JVM may run on, which the query's JVM is confined to as a sweep confines it to the SPE's. */
    private static CpuList ownCpus() throws IOException {
        try (Stream<String> status = Files.lines(Path.of("/proc/self/status"))) {
            return CpuList.parse(status.filter(l -> l.startsWith("Cpus_allowed_list:")).findFirst().orElseThrow()
                    .substring("Cpus_allowed_list:".length()).trim());
        }
    }

    /** The JVM's {@code java.io.tmpdir} as its command line sets it (the last option wins). */
    private static Path tmpdirOf(long pid) {
        Path tmpdir = ProcFs.system().cmdline((int) pid).stream().filter(a -> a.startsWith(TMPDIR_OPTION))
                .reduce((first, second) -> second).map(a -> Path.of(a.substring(TMPDIR_OPTION.length())))
                .orElse(SHARED_TMP);
        LOG.info("PID {} has java.io.tmpdir {}", pid, tmpdir);
        return tmpdir;
    }

    /**
     * The entries of {@code tmpdir} under which the JVM {@code pid} has files open: Storm's
     * ZooKeeper and {@code storm.home} directories.
     */
    private static Set<Path> directoriesHoldingFilesOpenIn(long pid, Path tmpdir) throws IOException {
        Set<Path> directories = new TreeSet<>();
        try (Stream<Path> descriptors = Files.list(Path.of("/proc", Long.toString(pid), "fd"))) {
            descriptors.map(StormTemporaryFilesIT::target).flatMap(Optional::stream)
                    .filter(file -> file.startsWith(tmpdir) && file.getNameCount() > tmpdir.getNameCount())
                    .forEach(file -> directories.add(tmpdir.resolve(tmpdir.relativize(file).getName(0))));
        }
        LOG.info("PID {} has files open under {}", pid, directories);
        assertThat(directories).as("directories of PID %d's LocalCluster under %s", pid, tmpdir).isNotEmpty();
        return directories;
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
}
