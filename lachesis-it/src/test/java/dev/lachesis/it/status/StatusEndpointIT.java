package dev.lachesis.it.status;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.lachesis.core.config.ConfigNode;
import dev.lachesis.core.spi.MetricSourceFactory;
import dev.lachesis.core.spi.Plugins;
import dev.lachesis.experiments.launch.StormQuery;
import dev.lachesis.experiments.launch.StormQuerySpec;
import dev.lachesis.experiments.launch.WaitStrategy;
import dev.lachesis.experiments.process.HostPort;
import dev.lachesis.experiments.process.LachesisDaemon;
import dev.lachesis.experiments.process.LachesisHome;
import dev.lachesis.experiments.run.StormSpeBlock;
import dev.lachesis.experiments.run.ThreadSched;
import dev.lachesis.server.store.EmbeddedMetricSource;
import dev.lachesis.testkit.ChildJvm;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The status endpoint of the real daemon ({@code bin/lachesis run} as built, a {@code status}
 * section with port 0) scheduling a Storm 2.8 topology in a {@code LocalCluster} child JVM with QS
 * through {@code nice}; the Storm JVM reports to an embedded store, which the daemon reads through a
 * TCP switch the test can cut. {@code /status} names the SPE, its topology and the policy's last
 * round; {@code /schedule} lists the executors with the value set, and what {@code /proc} shows for
 * them is that value; {@code /health} is 503 with the reason while the metric source is cut and 200
 * once it answers again; {@code /metrics} counts the rounds; {@code lachesis status} prints the same.
 * The rounds pushed to carbon (the same store) hold each executor's value, as {@code /proc} shows it.
 */
class StatusEndpointIT {
    private static final Logger LOG = LoggerFactory.getLogger(StatusEndpointIT.class);
    private static final Duration START_TIMEOUT = Duration.ofSeconds(240);
    private static final Pattern ENDPOINT = Pattern.compile("Status endpoint at (http://[0-9.]+:\\d+)/status");
    private static final String CONFIG = """
            metrics:
              source: graphite
              url: http://127.0.0.1:%d
              read-timeout: 10s
            policies:
              - name: qs
                policy: qs
                period: 1s
                translator: nice
            status:
              port: 0
            report:
              carbon: 127.0.0.1:%d
              prefix: lachesis.it
            """;

    @TempDir
    Path tmp;
    private EmbeddedMetricSource store;
    private TcpSwitch metricSource;
    private ChildJvm storm;
    private LachesisDaemon daemon;
    private final HttpClient http = HttpClient.newHttpClient();

    @BeforeEach
    void stormAndDaemon() throws Exception {
        store = (EmbeddedMetricSource) Plugins.load(MetricSourceFactory.class, "metric source")
                .get("embedded", "metrics.source")
                .create(ConfigNode.ofYaml("metrics", "source: embedded\nsettings: {carbon-port: 0, http-port: 0}\n"));
        metricSource = new TcpSwitch(store.httpPort());
        String topology = "lachesis-status-" + UUID.randomUUID().toString().substring(0, 8);
        StormQuerySpec spec = new StormQuerySpec(StormQuery.PIPELINE, topology, 200,
                new HostPort("127.0.0.1", store.carbonPort()), WaitStrategy.PARK, 500, 1, "512m",
                START_TIMEOUT.toSeconds(), 1.0);
        storm = spec.start(List.of(), List.of(), line -> LOG.debug("storm: {}", line));
        storm.awaitLine(START_TIMEOUT);
        Path config = Files.writeString(tmp.resolve("lachesis.yaml"), "spes:\n"
                + StormSpeBlock.anyJvm(topology, WaitStrategy.PARK).yaml() + CONFIG.formatted(metricSource.port(),
                store.carbonPort()));
        daemon = LachesisDaemon.start(LachesisHome.root().toAbsolutePath().normalize().resolve("bin/lachesis"), config,
                tmp.resolve("daemon"));
    }

    @AfterEach
    void stopEverything() throws Exception {
        if (daemon != null) {
            daemon.close();
        }
        if (storm != null) {
            storm.close();
        }
        if (metricSource != null) {
            metricSource.close();
        }
        if (store != null) {
            store.close();
        }
    }

    @Test
    void theEndpointShowsWhatTheDaemonDidAsProcShowsItAndHealthFollowsTheMetricSource() throws Exception {
        String base = endpoint();
        await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(500))
                .until(() -> !daemon.isAlive() || get(base + "/health").statusCode() == 200);
        assertThat(daemon.isAlive()).as("daemon running; its log: %s", daemon.log()).isTrue();

        JsonNode status = json(get(base + "/status"));
        assertThat(status.path("spes").get(0).path("name").asText()).isEqualTo("storm");
        assertThat(status.path("spes").get(0).path("queries").toString()).contains("lachesis-status-");
        JsonNode qs = status.path("policies").get(0);
        assertThat(qs.path("name").asText()).isEqualTo("qs");
        assertThat(qs.path("lastRun").path("outcome").asText()).isEqualTo("applied");
        assertThat(qs.path("lastRun").path("threads").asInt()).isPositive();

        // What the endpoint says it set is what /proc shows: awaited, as a round may fall between the two reads.
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200)).untilAsserted(() -> {
            JsonNode threads = json(get(base + "/schedule")).path("threads");
            assertThat(threads).isNotEmpty();
            for (JsonNode t : threads) {
                JsonNode row = t.path("row");
                int nice = ThreadSched.of(row.path("pid").asLong(), row.path("tid").asLong()).orElseThrow().nice();
                assertThat(row.path("mechanism").asText()).isEqualTo("nice");
                assertThat(nice).as("/proc nice of %s", row.path("thread").asText()).isEqualTo(row.path("value").asInt());
                assertThat(t.path("now").path("nice").asInt()).as("read back by the daemon").isEqualTo(nice);
            }
        });
        String executors = json(get(base + "/schedule")).path("threads").toString();
        assertThat(executors).contains("\"operatorName\":\"heavy\"", "\"operatorName\":\"source\"");
        assertThat(get(base + "/metrics").body()).containsPattern("lachesis_rounds_total\\{outcome=\"ok\"} [1-9]")
                .contains("lachesis_healthy 1");

        // The rounds pushed to carbon: each heavy executor's last value is its nice in /proc.
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(500)).untilAsserted(() -> {
            JsonNode series = JsonMapper.builder().build().readTree(get("http://127.0.0.1:" + store.httpPort()
                    + "/render?format=json&from=-60s&target=lachesis.it.schedule.storm.*.heavy.main.*.value").body());
            assertThat(series).hasSize(2);
            for (JsonNode s : series) {
                String[] path = s.path("target").asText().split("\\.");
                long tid = Long.parseLong(path[path.length - 2]);
                JsonNode points = s.path("datapoints");
                double last = Double.NaN;
                for (JsonNode point : points) {
                    if (!point.get(0).isNull()) {
                        last = point.get(0).asDouble();
                    }
                }
                assertThat(last).as("last value pushed for thread %d", tid)
                        .isEqualTo(ThreadSched.of(storm.pid(), tid).orElseThrow().nice());
            }
        });

        Cli cli = lachesisStatus(base);
        assertThat(cli.exit()).as(cli.output()).isZero();
        assertThat(cli.output()).contains("health: ok", "qs", "applied", "heavy", "SCHED_OTHER nice");

        metricSource.cut();
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(500))
                .until(() -> get(base + "/health").statusCode() == 503);
        HttpResponse<String> down = get(base + "/health");
        assertThat(down.body()).contains("SPE 'storm' cannot be seen", "refused the connection");
        assertThat(json(get(base + "/status")).path("conditions").toString()).contains("spe storm");
        assertThat(lachesisStatus(base).exit()).as("lachesis status while unhealthy").isEqualTo(1);

        metricSource.restore();
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(500))
                .until(() -> get(base + "/health").statusCode() == 200);
        assertThat(json(get(base + "/status")).path("conditions")).isEmpty();
        assertThat(daemon.isAlive()).isTrue();
    }

    /** The endpoint's base URL, from the line the daemon logs once it listens. */
    private String endpoint() {
        Matcher[] found = new Matcher[1];
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200)).until(() -> {
            found[0] = ENDPOINT.matcher(daemon.log());
            return !daemon.isAlive() || found[0].find();
        });
        assertThat(daemon.isAlive()).as("daemon running; its log: %s", daemon.log()).isTrue();
        return found[0].group(1);
    }

    private HttpResponse<String> get(String url) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(5)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static JsonNode json(HttpResponse<String> response) throws IOException {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return JsonMapper.builder().build().readTree(response.body());
    }

    private record Cli(int exit, String output) {
    }

    /** {@code bin/lachesis status --url <base>}: its exit code and what it printed. */
    private Cli lachesisStatus(String base) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(LachesisHome.root().resolve("bin/lachesis").toString(), "status", "--url", base)
                .redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return new Cli(p.exitValue(), output);
    }
}
