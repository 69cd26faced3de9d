package dev.lachesis.translators.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.lachesis.testkit.ReportingChild;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real daemon ({@code lachesis run}, in a child JVM) schedules a test process's threads with a
 * policy file that has no {@code journal} key, is killed with SIGKILL, and a plain
 * {@code lachesis restore} (another child JVM, no {@code --journal}) finds the journal it left and
 * puts every thread back, read from {@code /proc}. Both run with {@code RUNTIME_DIRECTORY} set, as a
 * systemd unit with {@code RuntimeDirectory=lachesis} runs {@code ExecStart} and {@code ExecStopPost},
 * so the test does not touch {@code /run/lachesis} of the shared machine. The test plug-ins
 * ({@code proc-threads}, {@code name-number}) come from {@code daemon-plugins/} ({@link LachesisCli}).
 */
@ExtendWith(KernelGate.RtGroupScheduling.class)
class DefaultJournalKernelTest {
    @TempDir
    Path tmp;

    @Test
    void aPlainRestoreFindsTheJournalOfADaemonKilledWithSigkill() throws Exception {
        Path runtime = Files.createDirectory(tmp.resolve("run"),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        try (ReportingChild target = ReportingChild.start(List.of(), ThreadsChild.class, "sleep:rt-1", "sleep:rt-3", "sleep:nice-1",
                "sleep:nice-2")) {
            Map<String, String> originals = new LinkedHashMap<>();
            target.tids().forEach((name, tid) -> originals.put(name, CrashRestoreKernelTest.observed(target.pid(), tid)));
            Path config = tmp.resolve("lachesis.yaml");
            Files.writeString(config, """
                    spes:
                      - {name: a, driver: proc-threads, settings: {pid: %1$d, prefix: rt-}}
                      - {name: b, driver: proc-threads, settings: {pid: %1$d, prefix: nice-}}
                    metrics:
                      url: http://127.0.0.1:9
                    policies:
                      - name: rt
                        policy: name-number
                        spes: [a]
                        translator: rt
                        translator-settings: {lowest: 10, highest: 30, watchdog: {enabled: false}}
                      - name: nice
                        policy: name-number
                        spes: [b]
                        translator: nice
                    """.formatted(target.pid()));

            LachesisCli lachesis = new LachesisCli(tmp, Map.of("RUNTIME_DIRECTORY", runtime.toString()));
            Process daemon = lachesis.start("daemon", "run", "--config", config.toString());
            try {
                await().atMost(Duration.ofSeconds(60)).until(() -> !daemon.isAlive()
                        || ProcReader.scheduler(target.pid(), target.tid("rt-3")).equals("2/30")
                        && ProcReader.nice(target.pid(), target.tid("nice-2")) == -20);
                assertThat(daemon.isAlive()).as("daemon running; its stderr: %s", lachesis.err("daemon")).isTrue();
                assertThat(ProcReader.scheduler(target.pid(), target.tid("rt-1"))).isEqualTo("2/10");
                assertThat(ProcReader.nice(target.pid(), target.tid("nice-1"))).isEqualTo(19);
                assertThat(runtime.resolve("journal")).isRegularFile();
            } finally {
                daemon.destroyForcibly();
                assertThat(daemon.waitFor(30, TimeUnit.SECONDS)).isTrue();
            }
            assertThat(daemon.exitValue()).as("killed by SIGKILL").isEqualTo(128 + 9);
            assertThat(ProcReader.scheduler(target.pid(), target.tid("rt-3"))).as("the dead daemon restored nothing")
                    .isEqualTo("2/30");

            int exit = lachesis.run("restore", "restore");

            assertThat(lachesis.err("restore")).doesNotContain("WARN", "ERROR");
            assertThat(exit).isZero();
            assertThat(lachesis.out("restore")).startsWith("restored 4 threads");
            target.tids().forEach((name, tid) -> assertThat(CrashRestoreKernelTest.observed(target.pid(), tid))
                    .as(name).isEqualTo(originals.get(name)));
            assertThat(runtime.resolve("journal")).doesNotExist();
        }
    }
}
