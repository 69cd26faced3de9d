package dev.lachesis.it.dist;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.lachesis.core.testing.HostRequirement;
import dev.lachesis.experiments.process.LachesisHome;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The .deb as a user installs it, on a fresh Debian whose PID 1 is systemd (a debootstrap root file
 * system booted by {@code systemd-nspawn}): {@code dpkg -i} makes the {@code lachesis} user and the
 * unit; {@code systemctl enable --now lachesis} runs the daemon as that user with CAP_SYS_NICE alone, and it
 * schedules a Storm 2.8 query that runs as the same user (a JVM lets only its own user attach) with
 * a hand-set priority, its heavy operator at nice -20, which that user alone may not set;
 * {@code systemctl reload} after an edit puts the source first instead, with no restore in between;
 * killed with SIGKILL, the unit's {@code lachesis restore} gives every thread its nice value back
 * and systemd restarts it; stopped with SIGSTOP, its loop sends no watchdog news and systemd kills
 * and restores it the same way; an upgrade leaves it running; {@code systemctl stop lachesis} restores them again and leaves the
 * unit inactive, not failed; a policy file with an error fails one start and is not restarted. Read
 * from {@code /proc} and {@code systemctl show} inside the container.
 */
class DebInSystemdContainerIT {
    /** Where the Debian root file system is built once per machine (deploy/debian-rootfs.sh). */
    private static final Path BASE = Path.of("/var/tmp/lachesis-rootfs/bookworm");
    /**
     * Where the checkout appears inside, for the Storm query's build: under /opt, which every user may
     * enter (the checkout's own parents, e.g. /root, may not be).
     */
    private static final String CHECKOUT = "/opt/lachesis-checkout";
    /** CAP_SYS_NICE is capability 23. */
    private static final String CAP_SYS_NICE_ONLY = String.format("%016x", 1L << 23);

    @TempDir
    Path tmp;

    @BeforeAll
    static void requireSystemdNspawn() {
        HostRequirement.NSPAWN.check(Files.isExecutable(Path.of("/usr/bin/systemd-nspawn"))
                && Files.isExecutable(Path.of("/usr/sbin/debootstrap")), "systemd-nspawn or debootstrap is not installed"
                + " (Debian's systemd-container and debootstrap packages, which ./test.sh installs)");
    }

    @Test
    void theUnitSchedulesAQueryAsTheLachesisUserAndRestoresItWhenKilledAndOnStop() throws Exception {
        Path home = LachesisHome.root().toAbsolutePath().normalize();
        SystemdContainer.Result base = run(home, "deploy/debian-rootfs.sh", BASE.toString());
        assertThat(base.exit()).as(base.output()).isZero();
        // A copy of it per run, beside it (not in @TempDir: its absolute links would make JUnit warn on cleanup).
        Path rootfs = Files.createTempDirectory(BASE.getParent(), "boot-");
        try {
            assertThat(run(tmp, "cp", "-a", BASE + "/.", rootfs.toString()).exit()).isZero();
            Files.setPosixFilePermissions(rootfs, PosixFilePermissions.fromString("rwxr-xr-x"));
            Files.copy(onlyDeb(home.resolve("lachesis-dist/target")), rootfs.resolve("root/lachesis.deb"));
            installAndRun(home, rootfs);
        } finally {
            run(tmp, "rm", "-rf", "--one-file-system", rootfs.toString());
        }
    }

    private void installAndRun(Path home, Path rootfs) throws Exception {
        try (SystemdContainer debian = SystemdContainer.boot(rootfs, Map.of(home, CHECKOUT), tmp.resolve("console.log"))) {
            SystemdContainer.Result install = debian.exec("dpkg", "-i", "/root/lachesis.deb");
            assertThat(install.exit()).as(install.output()).isZero();
            String uid = debian.exec("id", "-u", "lachesis").output().strip();
            assertThat(uid).matches("\\d+");

            int carbonPort = freePort();
            Files.writeString(rootfs.resolve("etc/lachesis/lachesis.yaml"), PipelinePolicyFile.yaml(carbonPort, freePort(),
                    "nice", "{highest: -20, lowest: 0}"));
            // As the README says: enabled and started (an upgrade starts again an enabled unit that ran).
            SystemdContainer.Result start = debian.exec("systemctl", "enable", "--now", "lachesis");
            assertThat(start.exit()).as(start.output()).isZero();

            // Storm as a unit of its own, as the same user: inside the container's cgroups, where its
            // worker's cgroup metrics find their files.
            SystemdContainer.Result query = debian.exec("systemd-run", "--unit=storm-query", "--uid=lachesis",
                    "--gid=lachesis", "--working-directory=/tmp", CHECKOUT + "/bin/lachesis-bench", "query", "--spe", "storm",
                    "--query", "pipeline", "--rate", "300", "--wait-strategy", "park",
                    "--metrics", "127.0.0.1:" + carbonPort);
            assertThat(query.exit()).as(query.output()).isZero();
            long storm = stormPid(debian);

            await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofSeconds(1)).untilAsserted(() ->
                    assertThat(niceValues(debian, storm).values()).as("nice values of Storm's threads; %s",
                            journal(debian)).contains(-20));
            String daemon = mainPid(debian);
            String status = debian.exec("cat", "/proc/" + daemon + "/status").output();
            assertThat(status).containsPattern("(?m)^Uid:\\t" + uid + "\\t" + uid + "\\t")
                    .containsPattern("(?m)^CapEff:\\t" + CAP_SYS_NICE_ONLY + "$");

            // systemctl reload after an edit: the source first, the heavy operator second. The nice
            // translator of the same policy takes the threads over; none is restored in between. The
            // query's lookouts (reporter, heartbeats) stand with whichever operator is on top, so only
            // the heavy operator's executor threads ("Thread-12-heavy-executor[2, 2]") must come down.
            Set<String> heavy = threadsNamed(debian, storm, "-heav");
            assertThat(heavy).as("the heavy operator's executor threads").isNotEmpty();
            Map<String, Integer> before = niceValues(debian, storm);
            before.keySet().retainAll(heavy);
            assertThat(before).as("the heavy operator's threads before the reload").containsValue(-20);
            Path policyFile = rootfs.resolve("etc/lachesis/lachesis.yaml");
            Files.writeString(policyFile, Files.readString(policyFile)
                    .replace("priorities: {heavy: 2, source: 1}", "priorities: {heavy: 1, source: 2}"));
            SystemdContainer.Result reload = debian.exec("systemctl", "reload", "lachesis");
            assertThat(reload.exit()).as(reload.output()).isZero();
            await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(500)).untilAsserted(() -> {
                Map<String, Integer> after = niceValues(debian, storm);
                before.forEach((tid, nice) -> {
                    if (nice == -20 && after.containsKey(tid)) {
                        assertThat(after.get(tid)).as("the heavy operator's thread %s after the reload", tid)
                                .isGreaterThan(-20);
                    }
                });
                assertThat(after).as("a source thread at the top after the reload; %s", journal(debian))
                        .containsValue(-20);
            });
            assertThat(mainPid(debian)).isEqualTo(daemon);
            String sinceStart = debian.exec("journalctl", "--unit=lachesis", "--no-pager").output();
            assertThat(sinceStart).contains("took over", "Reloaded /etc/lachesis/lachesis.yaml")
                    .doesNotContain("restored the original");

            // Killed outright, the daemon restores nothing itself: the unit's ExecStopPost does, and
            // Restart=on-failure brings the daemon back 5 s later, which schedules the query again.
            assertThat(debian.exec("systemctl", "kill", "--signal=SIGKILL", "lachesis").exit()).isZero();
            await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200)).untilAsserted(() ->
                    assertThat(niceValues(debian, storm).values()).as("after SIGKILL; %s", journal(debian))
                            .isNotEmpty().containsOnly(0));
            await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofSeconds(1)).untilAsserted(() ->
                    assertThat(niceValues(debian, storm).values()).as("after the restart; %s\nthe query's output:\n%s",
                            journal(debian), queryOutput(debian))
                            .contains(-20));

            // A loop that stops going round (SIGSTOP: the JVM answers no signal at all) sends no
            // WATCHDOG=1: after WatchdogSec systemd kills it, ExecStopPost restores, Restart= starts it.
            String stopped = mainPid(debian);
            assertThat(debian.exec("systemctl", "kill", "--signal=SIGSTOP", "lachesis").exit()).isZero();
            await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200)).untilAsserted(() ->
                    assertThat(niceValues(debian, storm).values()).as("after SIGSTOP; %s", journal(debian))
                            .isNotEmpty().containsOnly(0));
            assertThat(journal(debian)).contains("Watchdog timeout");
            await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofSeconds(1)).untilAsserted(() -> {
                assertThat(mainPid(debian)).isNotIn(stopped, "0");
                assertThat(niceValues(debian, storm).values()).as("after the watchdog's restart; %s", journal(debian))
                        .contains(-20);
            });

            // An upgrade (dpkg -i again: the maintainer scripts run as for a newer build) leaves the
            // service running, and the command on PATH answers.
            SystemdContainer.Result upgrade = debian.exec("dpkg", "-i", "/root/lachesis.deb");
            assertThat(upgrade.exit()).as(upgrade.output()).isZero();
            await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofSeconds(1))
                    .until(() -> unitProperty(debian, "ActiveState").equals("active"));
            SystemdContainer.Result version = debian.exec("/usr/bin/lachesis", "--version");
            assertThat(version.exit()).as(version.output()).isZero();
            assertThat(version.output()).containsPattern("\\d+\\.\\d+");

            SystemdContainer.Result stop = debian.exec("systemctl", "stop", "lachesis");
            assertThat(stop.exit()).as(stop.output()).isZero();
            assertThat(niceValues(debian, storm)).as("after systemctl stop; %s", journal(debian))
                    .isNotEmpty().allSatisfy((tid, nice) -> assertThat(nice).as("thread %s", tid).isZero());
            assertThat(unitProperty(debian, "ActiveState")).as("a clean stop; %s", journal(debian)).isEqualTo("inactive");

            // A policy file with an error: one start, its one-line error in the journal, no restarts.
            Files.writeString(rootfs.resolve("etc/lachesis/lachesis.yaml"), "policies: [}\n");
            assertThat(debian.exec("systemctl", "start", "lachesis").exit()).isNotZero();
            await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(200))
                    .until(() -> unitProperty(debian, "ActiveState").equals("failed"));
            await("no restart of a broken policy file").during(Duration.ofSeconds(12)).atMost(Duration.ofSeconds(15))
                    .pollInterval(Duration.ofSeconds(1)).until(() -> unitProperty(debian, "ActiveState").equals("failed")
                            && unitProperty(debian, "NRestarts").equals("0"));
            assertThat(journal(debian)).contains("lachesis.yaml:1:12 is not valid YAML");
        }
    }

    private static String mainPid(SystemdContainer debian) throws Exception {
        return unitProperty(debian, "MainPID");
    }

    private static String unitProperty(SystemdContainer debian, String property) throws Exception {
        return debian.exec("systemctl", "show", "--property=" + property, "--value", "lachesis").output().strip();
    }

    /** The Storm JVM's PID, which the query command prints once tuples reach the sink. */
    private static long stormPid(SystemdContainer debian) {
        return await().atMost(Duration.ofSeconds(240)).pollInterval(Duration.ofSeconds(1)).until(
                () -> queryOutput(debian).lines().filter(line -> line.matches("\\d+")).map(Long::valueOf)
                        .findFirst(), Optional::isPresent).orElseThrow();
    }

    private static String queryOutput(SystemdContainer debian) throws Exception {
        return debian.exec("journalctl", "--unit=storm-query", "--output=cat", "--no-pager").output();
    }

    /** Each thread's nice value, read from {@code /proc/<pid>/task/<tid>/stat} inside the container. */
    private static Map<String, Integer> niceValues(SystemdContainer debian, long pid) throws Exception {
        String stats = debian.exec("sh", "-c", "for s in /proc/" + pid + "/task/*/stat; do cat \"$s\"; echo; done")
                .output();
        return Arrays.stream(stats.split("\n")).filter(line -> line.contains(") ")).collect(Collectors.toMap(
                line -> line.substring(0, line.indexOf(' ')),
                line -> Integer.parseInt(line.substring(line.lastIndexOf(") ") + 2).split(" ")[16])));
    }

    /** The threads of {@code pid} whose kernel name (cut to 15 characters) contains {@code fragment}. */
    private static Set<String> threadsNamed(SystemdContainer debian, long pid, String fragment) throws Exception {
        String stats = debian.exec("sh", "-c", "for s in /proc/" + pid + "/task/*/stat; do cat \"$s\"; echo; done")
                .output();
        return Arrays.stream(stats.split("\n")).filter(line -> line.contains(") "))
                .filter(line -> line.substring(line.indexOf('(') + 1, line.lastIndexOf(") ")).contains(fragment))
                .map(line -> line.substring(0, line.indexOf(' '))).collect(Collectors.toSet());
    }

    private static String journal(SystemdContainer debian) throws Exception {
        return "the daemon's journal:\n" + debian.exec("journalctl", "--unit=lachesis", "--no-pager", "--lines=30").output();
    }

    private static Path onlyDeb(Path dir) throws IOException {
        try (DirectoryStream<Path> debs = Files.newDirectoryStream(dir, "lachesis_*_all.deb")) {
            List<Path> found = new ArrayList<>();
            debs.forEach(found::add);
            assertThat(found).as("the .deb in %s (built by mvn package)", dir).hasSize(1);
            return found.get(0);
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private static SystemdContainer.Result run(Path dir, String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return new SystemdContainer.Result(process.waitFor(), output);
    }
}
