package dev.lachesis.server.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.lachesis.core.metricsource.RealGraphite;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class StoreCommandTest {
    private static final Pattern PORTS = Pattern.compile("carbon plaintext on 127\\.0\\.0\\.1:(\\d+), HTTP on http://127\\.0\\.0\\.1:(\\d+)");
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private CommandLine command() {
        return new CommandLine(new StoreCommand()).setOut(new PrintWriter(out)).setErr(new PrintWriter(err));
    }

    @Test
    void runsUntilStoppedServingWhatCarbonReceived() throws Exception {
        AtomicInteger code = new AtomicInteger(-1);
        Thread store = new Thread(() -> code.set(command().execute("--carbon-port", "0", "--http-port", "0")));
        store.start();
        Matcher ports = PORTS.matcher("");
        await().atMost(Duration.ofSeconds(10)).until(() -> ports.reset(out.toString()).find());
        int carbon = Integer.parseInt(ports.group(1));
        URI render = URI.create("http://127.0.0.1:" + ports.group(2) + "/render?target=x.%7By,z%7D.*&format=json&from=-60s");
        long now = System.currentTimeMillis() / 1000;
        RealGraphite.sendCarbon(carbon, List.of("x.y.a 1 " + now, "x.z.b 2 " + now, "x.w.c 3 " + now));
        HttpClient http = HttpClient.newHttpClient();

        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            JsonNode body = new ObjectMapper().readTree(http.send(HttpRequest.newBuilder(render).build(),
                    HttpResponse.BodyHandlers.ofString()).body());
            assertThat(body).extracting(s -> s.get("target").asText()).containsExactly("x.y.a", "x.z.b");
        });
        store.interrupt();
        store.join(10_000);

        assertThat(code.get()).isEqualTo(0);
        assertThat(out.toString()).contains("up to 10000 series x 1m; stop with Ctrl-C or SIGTERM");
        assertThatThrownBy(() -> http.send(HttpRequest.newBuilder(render).build(), HttpResponse.BodyHandlers.ofString()))
                .as("the HTTP listener is closed").isInstanceOf(ConnectException.class);
    }

    @Test
    void rejectsBadOptionsNamingThem() {
        int code = command().execute("--carbon-port", "70000", "--max-series", "0");

        assertThat(code).isEqualTo(2);
        assertThat(err.toString()).startsWith(String.join(System.lineSeparator(),
                "--carbon-port was '70000' but must be a port from 0 (any free port) to 65535",
                "--max-series was '0' but must be between 1 and 1000000"));
    }
}
