package dev.lachesis.it.flink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lachesis.experiments.flink.FlinkClusterProcess;
import dev.lachesis.it.OnceCommand;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a user sees: {@code lachesis once --dry-run --format json} with the real QS policy, nice
 * translator and Flink driver (REST metrics) against the overloaded example query in a child JVM.
 * Every subtask thread is listed with its job, vertex and subtask index and a queue size, each
 * flusher as its subtask's sender, and the heavy operator's subtasks get the lowest nice value.
 */
class FlinkOnceIT {
    private static final Logger LOG = LoggerFactory.getLogger(FlinkOnceIT.class);

    @TempDir
    Path dir;

    @Test
    void onceListsEverySubtaskAndGivesTheOverloadedOperatorTheTopPriority() throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
        }
        List<String> args = new ArrayList<>(List.of("--rest-port", Integer.toString(port), "--rate", "3000",
                "--heavy-cost-us", "1000", "--heavy-parallelism", "2"));
        try (FlinkClusterProcess flink = FlinkClusterProcess.start(768, args, LOG::debug, Duration.ofMinutes(2))) {
            String job = flink.firstJob();
            Path config = Files.writeString(dir.resolve("flink.yaml"), """
                    spes:
                      - name: flink
                        driver: flink
                        pids: [%d]
                        settings:
                          rest-url: http://127.0.0.1:%d
                          metrics-from: rest
                          request-timeout: 5s
                    metrics:
                      source: graphite
                      url: http://127.0.0.1:8080
                    policies:
                      - name: flink-qs
                        policy: qs
                        period: 1s
                        spes: [flink]
                        translator: nice
                    journal: %s
                    logging:
                      level: warn
                    """.formatted(flink.pid(), port, dir.resolve("journal.json")));
            AtomicReference<JsonNode> last = new AtomicReference<>();
            // The heavy operator's queue takes a few seconds to fill: repeat `once` (each run a new
            // daemon with a new driver, as a user would) until it shows.
            await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofSeconds(2)).until(() -> {
                JsonNode rows = OnceCommand.rows(config);
                last.set(rows);
                return rows != null && heavyHasTopPriority(rows, job);
            });
            JsonNode rows = last.get();
            LOG.info("lachesis once: {}", rows);
            List<JsonNode> mains = new ArrayList<>();
            List<JsonNode> senders = new ArrayList<>();
            for (JsonNode row : rows) {
                assertThat(row.path("query").asText()).isEqualTo(job);
                assertThat(row.path("queryName").asText()).as("the job's name, not its id").isNotBlank()
                        .isNotEqualTo(job);
                if (row.path("kind").asText().equals("main")) {
                    mains.add(row);
                } else if (row.path("kind").asText().equals("sender")) {
                    senders.add(row);
                }
            }
            assertThat(mains).extracting(r -> r.path("thread").asText()).containsExactlyInAnyOrder(
                    "Source: events -> light (1/1)#0", "heavy (1/2)#0", "heavy (2/2)#0", "latency -> discard: Writer (1/1)#0");
            for (JsonNode main : mains) {
                String operator = main.path("operator").asText();
                assertThat(operator).startsWith(job + "/").endsWith("/" + main.path("instance").asInt());
                assertThat(main.path("thread").asText()).contains("(" + (main.path("instance").asInt() + 1) + "/");
            }
            assertThat(mains).filteredOn(r -> r.path("thread").asText().startsWith("heavy "))
                    .extracting(r -> r.path("operatorName").asText()).containsExactly("heavy", "heavy");
            assertThat(mains).filteredOn(r -> !r.path("thread").asText().startsWith("Source: "))
                    .allSatisfy(r -> assertThat(r.path("metrics").path("queue-size").isNumber()).isTrue());
            assertThat(senders).extracting(r -> r.path("thread").asText()).containsExactlyInAnyOrder(
                    "OutputFlusher for Source: events -> light (1/1)#0", "OutputFlusher for heavy (1/2)#0",
                    "OutputFlusher for heavy (2/2)#0");
        }
    }

    /** Whether both heavy subtasks' main threads have the lowest nice value of all main threads, alone. */
    private static boolean heavyHasTopPriority(JsonNode rows, String job) {
        int heavyWorst = Integer.MIN_VALUE;
        int othersBest = Integer.MAX_VALUE;
        int heavy = 0;
        for (JsonNode row : rows) {
            if (!row.path("kind").asText().equals("main") || !row.path("query").asText().equals(job)) {
                continue;
            }
            int nice = row.path("value").asInt();
            if (row.path("thread").asText().startsWith("heavy (")) {
                heavy++;
                heavyWorst = Math.max(heavyWorst, nice);
            } else {
                othersBest = Math.min(othersBest, nice);
            }
        }
        return heavy == 2 && heavyWorst < othersBest;
    }
}
