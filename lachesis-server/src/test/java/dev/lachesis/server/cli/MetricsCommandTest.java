package dev.lachesis.server.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.lachesis.core.metricsource.RealGraphite;
import dev.lachesis.server.store.EmbeddedMetricSource;
import dev.lachesis.server.store.EmbeddedStoreConfig;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Clock;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class MetricsCommandTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();
    private final long now = System.currentTimeMillis() / 1000;
    private EmbeddedMetricSource graphiteLike;

    @BeforeEach
    void start() throws IOException {
        graphiteLike = EmbeddedMetricSource.start(EmbeddedStoreConfig.defaults().withPorts(0, 0), Duration.ofSeconds(10),
                Clock.systemUTC());
    }

    @AfterEach
    void stop() {
        graphiteLike.close();
    }

    private int run(String... args) {
        return new CommandLine(new MetricsCommand()).setOut(new PrintWriter(out)).setErr(new PrintWriter(err))
                .execute(args);
    }

    private List<List<String>> rows() {
        return out.toString().lines().map(l -> Arrays.asList(l.trim().split("\\s+"))).toList();
    }

    @Test
    void printsLastMeanAndRateOfEachMatchingSeries() throws Exception {
        RealGraphite.sendCarbon(graphiteLike.carbonPort(), List.of("a.b.c 7 " + (now - 3), "a.b.c 9 " + (now - 2),
                "a.x.c 0.5 " + (now - 1), "a.b.d 1 " + now));
        await().atMost(Duration.ofSeconds(10)).until(() -> graphiteLike.store().size() == 3);

        int code = run("--source", "http://127.0.0.1:" + graphiteLike.httpPort(), "--target", "a.*.c");

        assertThat(code).isEqualTo(0);
        assertThat(rows()).containsExactly(List.of("SERIES", "LAST", "MEAN", "RATE/S", "POINTS"),
                List.of("a.b.c", "9", "8", "2", "2/10"), List.of("a.x.c", "0.5", "0.5", "-", "1/10"));
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void saysWhenNothingMatches() {
        int code = run("--source", "http://127.0.0.1:" + graphiteLike.httpPort(), "--target", "nothing.*", "--target",
                "none", "--window", "30s");

        assertThat(code).isEqualTo(1);
        assertThat(err.toString().strip()).isEqualTo("no series match nothing.* none at http://127.0.0.1:"
                + graphiteLike.httpPort() + " over the last 30s");
    }

    @Test
    void reportsAnUnreachableSourceInOneLine() throws IOException {
        int closed = freePort();

        int code = run("--source", "http://127.0.0.1:" + closed, "--target", "a.*");

        assertThat(code).isEqualTo(1);
        assertThat(err.toString().strip())
                .isEqualTo("Graphite at http://127.0.0.1:" + closed + " refused the connection for targets 'a.*'");
    }

    @Test
    void rejectsABadSourceAsAUsageError() {
        int code = run("--source", "ftp://metrics", "--target", "a.*");

        assertThat(code).isEqualTo(2);
        assertThat(err.toString().lines().findFirst()).contains("--source was 'ftp://metrics' but must be an http:// "
                + "or https:// URL such as http://127.0.0.1:8080 or 'embedded'");
    }

    @Test
    void listensForOneWindowWithAnEmbeddedStore() throws Exception {
        int port = freePort();
        CompletableFuture<Integer> code = CompletableFuture.supplyAsync(
                () -> run("--source", "embedded", "--carbon-port", Integer.toString(port), "--target", "s.*",
                        "--window", "3s"));
        await().atMost(Duration.ofSeconds(10)).until(() -> accepts(port));
        long sent = System.currentTimeMillis() / 1000;
        RealGraphite.sendCarbon(port, List.of("s.q 4 " + sent, "t.q 5 " + sent));

        assertThat(code.get(20, TimeUnit.SECONDS)).isEqualTo(0);
        assertThat(rows()).hasSize(2);
        assertThat(rows().get(1).subList(0, 4)).containsExactly("s.q", "4", "4", "-");
        assertThat(rows().get(1).get(4)).startsWith("1/");
        assertThat(err.toString()).startsWith("Listening for carbon plaintext on 127.0.0.1:" + port + " for 3s");
    }

    private static boolean accepts(int port) {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            return socket.isConnected();
        } catch (IOException e) {
            return false;
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket probe = new ServerSocket(0)) {
            return probe.getLocalPort();
        }
    }
}
