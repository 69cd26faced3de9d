package dev.lachesis.translators.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.lachesis.testkit.ReportingChild;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real daemon ({@code lachesis run}, in a child JVM) reloads its policy file on SIGHUP, as
 * {@code systemctl reload} asks it to: an edit of the nice translator's range is applied to a test
 * process's threads (read back from {@code /proc}) by a translator that took them over, with no
 * restore in between; a file with an error is refused with one line and changes nothing; SIGTERM
 * still restores what the first file's translator found.
 */
class ReloadKernelTest {
    private static final String POLICY_FILE = """
            spes:
              - {name: b, driver: proc-threads, settings: {pid: %d, prefix: nice-}}
            metrics:
              url: http://127.0.0.1:9
            journal: %s
            policies:
              - name: nice
                policy: name-number
                translator: nice
                translator-settings: %s
            """;

    @TempDir
    Path tmp;

    @Test
    void sighupSwitchesToTheEditedFileWithoutRestoringAndRefusesABrokenOne() throws Exception {
        try (ReportingChild target = ReportingChild.start(List.of(), ThreadsChild.class, "sleep:nice-1", "sleep:nice-2")) {
            int nice1 = target.tid("nice-1");
            int nice2 = target.tid("nice-2");
            int original1 = ProcReader.nice(target.pid(), nice1);
            int original2 = ProcReader.nice(target.pid(), nice2);
            Path config = tmp.resolve("lachesis.yaml");
            Path journal = tmp.resolve("journal");
            Files.writeString(config, POLICY_FILE.formatted(target.pid(), journal, "{highest: -20, lowest: 19}"));
            // SIGHUP back to its default, should the test runner have been started under nohup.
            LachesisCli lachesis = new LachesisCli(tmp, Map.of(), List.of("env", "--default-signal=HUP"));
            Process daemon = lachesis.start("daemon", "run", "--config", config.toString());
            try {
                await().atMost(Duration.ofSeconds(60)).until(() -> !daemon.isAlive()
                        || ProcReader.nice(target.pid(), nice2) == -20 && ProcReader.nice(target.pid(), nice1) == 19);
                assertThat(daemon.isAlive()).as("daemon running; its stderr: %s", lachesis.err("daemon")).isTrue();

                Files.writeString(config, POLICY_FILE.formatted(target.pid(), journal, "{highest: -10, lowest: 5}"));
                assertThat(ProcReader.nice(target.pid(), nice1)).isNotEqualTo(5);
                hangUp(daemon);
                await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(List.of(
                        ProcReader.nice(target.pid(), nice2), ProcReader.nice(target.pid(), nice1)))
                        .as("the edited range applied; the daemon said: %s", lachesis.err("daemon")).containsExactly(-10, 5));
                assertThat(lachesis.err("daemon")).contains("took over 2 threads", "Reloaded " + config)
                        .doesNotContain("restored the original");

                Files.writeString(config, POLICY_FILE.formatted(target.pid(), journal, "{highest: -10, lowest: 50}"));
                hangUp(daemon);
                await().atMost(Duration.ofSeconds(30)).until(() -> lachesis.err("daemon").contains("refused"));
                assertThat(lachesis.err("daemon").lines().filter(l -> l.contains("refused")))
                        .singleElement().asString().contains("Reload of " + config, "still running it as it was",
                                "translator-settings.lowest");
                assertThat(daemon.isAlive()).isTrue();
                assertThat(ProcReader.nice(target.pid(), nice1)).isEqualTo(5);
            } finally {
                daemon.destroy();
                assertThat(daemon.waitFor(30, TimeUnit.SECONDS)).isTrue();
            }
            String log = lachesis.err("daemon");
            assertThat(ProcReader.nice(target.pid(), nice1)).as("restored on SIGTERM; %s", log).isEqualTo(original1);
            assertThat(ProcReader.nice(target.pid(), nice2)).as("restored on SIGTERM; %s", log).isEqualTo(original2);
            assertThat(journal).doesNotExist();
        }
    }

    private static void hangUp(Process daemon) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-HUP", Long.toString(daemon.pid())).inheritIO().start();
        assertThat(kill.waitFor(10, TimeUnit.SECONDS)).isTrue();
        assertThat(kill.exitValue()).isZero();
    }
}
