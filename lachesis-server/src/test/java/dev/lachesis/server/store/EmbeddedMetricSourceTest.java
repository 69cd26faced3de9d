package dev.lachesis.server.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.lachesis.core.spi.DataPoint;
import dev.lachesis.core.spi.Series;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The embedded store over real sockets: carbon plaintext in, MetricSource queries and Graphite's HTTP API out. */
class EmbeddedMetricSourceTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient http = HttpClient.newHttpClient();
    private EmbeddedMetricSource source;
    private long now;

    @BeforeEach
    void start() throws IOException {
        source = EmbeddedMetricSource.start(EmbeddedStoreConfig.defaults().withPorts(0, 0), Duration.ofSeconds(10),
                Clock.systemUTC());
        now = System.currentTimeMillis() / 1000;
    }

    @AfterEach
    void stop() {
        source.close();
    }

    private void sendCarbon(String... lines) throws IOException {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), source.carbonPort());
             OutputStream out = socket.getOutputStream()) {
            out.write((String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
        }
    }

    private HttpResponse<String> get(String pathAndQuery) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + source.httpPort() + pathAndQuery)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void storesCarbonLinesAndAnswersQueries() throws Exception {
        sendCarbon("x.y.a 1 " + (now - 2), "x.y.a 2 " + (now - 1), "this is not carbon", "x.z.b 3.5 " + (now - 1),
                "x.w.c 4 " + now, "x.y 5 " + now);
        await().atMost(Duration.ofSeconds(10)).until(() -> source.store().size() == 4);

        List<Series> series = source.query(List.of("x.{y,z}.*"), Duration.ofSeconds(10));

        assertThat(series).extracting(Series::name).containsExactly("x.y.a", "x.z.b");
        assertThat(series.get(0).points()).filteredOn(DataPoint::isPresent)
                .containsExactly(new DataPoint(now - 2, 1), new DataPoint(now - 1, 2));
    }

    @Test
    void rendersGraphitesJsonShapeForExactlyTheMatchingSeries() throws Exception {
        sendCarbon("x.y.a 1 " + (now - 2), "x.y.a 2 " + (now - 1), "x.z.b 3.5 " + (now - 1), "x.w.c 4 " + now,
                "x.y 5 " + now);
        await().atMost(Duration.ofSeconds(10)).until(() -> source.store().size() == 4);

        HttpResponse<String> response = get("/render?target=x.%7By,z%7D.*&format=json&from=-60s");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).contains("application/json");
        JsonNode body = JSON.readTree(response.body());
        assertThat(body.isArray()).isTrue();
        assertThat(body).extracting(s -> s.get("target").asText()).containsExactly("x.y.a", "x.z.b");
        JsonNode a = body.get(0);
        assertThat(a.get("tags").get("name").asText()).isEqualTo("x.y.a");
        JsonNode points = a.get("datapoints");
        assertThat(points).hasSize(60);
        long first = points.get(0).get(1).asLong();
        long last = points.get(59).get(1).asLong();
        assertThat(last - first).isEqualTo(59);
        assertThat(last).isBetween(now, now + 5);
        List<String> present = new ArrayList<>();
        for (JsonNode p : points) {
            if (!p.get(0).isNull()) {
                present.add(p.get(0).asDouble() + "@" + p.get(1).asLong());
            }
        }
        assertThat(present).containsExactly("1.0@" + (now - 2), "2.0@" + (now - 1));
        assertThat(response.body()).contains("[null," + first + "]");
    }

    @Test
    void takesUnescapedBracesLikeGraphiteWebDoes() throws Exception {
        sendCarbon("x.y.a 1 " + now, "x.z.b 2 " + now, "x.w.c 3 " + now);
        await().atMost(Duration.ofSeconds(10)).until(() -> source.store().size() == 3);

        String answer;
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), source.httpPort())) {
            socket.getOutputStream().write(("GET /render?target=x.{y,z}.*&format=json&from=-60s HTTP/1.1\r\n"
                    + "Host: 127.0.0.1\r\nUser-Agent: curl/7.88.1\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
            answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        }

        assertThat(answer).startsWith("HTTP/1.1 200 OK\r\n").contains("\r\nContent-Type: application/json\r\n");
        JsonNode body = JSON.readTree(answer.substring(answer.indexOf("\r\n\r\n") + 4));
        assertThat(body).extracting(s -> s.get("target").asText()).containsExactly("x.y.a", "x.z.b");
    }

    @Test
    void rendersTargetsFromAFormPostToo() throws Exception {
        sendCarbon("p.q 1 " + now);
        await().atMost(Duration.ofSeconds(10)).until(() -> source.store().size() == 1);

        HttpResponse<String> response = http.send(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + source.httpPort() + "/render"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("target=p.*&target=nothing&format=json&from=-5s")).build(),
                HttpResponse.BodyHandlers.ofString());

        assertThat(JSON.readTree(response.body())).extracting(s -> s.get("target").asText()).containsExactly("p.q");
    }

    @Test
    void findsMetricsLikeGraphite() throws Exception {
        sendCarbon("x.y.a 1 " + now, "x.y 2 " + now, "x.z.b 3 " + now);
        await().atMost(Duration.ofSeconds(10)).until(() -> source.store().size() == 3);

        HttpResponse<String> response = get("/metrics/find?query=x.*");

        assertThat(JSON.readTree(response.body())).isEqualTo(JSON.readTree("""
                [{"text": "y", "id": "x.y", "allowChildren": 1, "expandable": 1, "leaf": 0},
                 {"text": "y", "id": "x.y", "allowChildren": 0, "expandable": 0, "leaf": 1},
                 {"text": "z", "id": "x.z", "allowChildren": 1, "expandable": 1, "leaf": 0}]"""));
    }

    @Test
    void answersFromTheRetentionAtMostAsOlderPointsAreGone() throws Exception {
        sendCarbon("r.s 1 " + now);
        await().atMost(Duration.ofSeconds(10)).until(() -> source.store().size() == 1);

        JsonNode body = JSON.readTree(get("/render?target=r.s&format=json&from=-6h&until=now").body());

        assertThat(body.get(0).get("datapoints")).hasSize(60);
    }

    @Test
    void answersABadRequestWithOneLine() throws Exception {
        HttpResponse<String> png = get("/render?target=a&format=png");
        HttpResponse<String> from = get("/render?target=a&format=json&from=yesterday");
        HttpResponse<String> glob = get("/render?target=a.%5B0-9&format=json");

        assertThat(png.statusCode()).isEqualTo(400);
        assertThat(png.body()).isEqualTo("the embedded store renders only format=json, not 'png'\n");
        assertThat(from.body())
                .isEqualTo("'yesterday' is not a time (use now, -60s, -5min, -1h, -1d or epoch seconds)\n");
        assertThat(glob.body()).isEqualTo("series pattern 'a.[0-9' has an unclosed '['\n");
        HttpResponse<String> unknown = get("/events");
        assertThat(unknown.statusCode()).isEqualTo(404);
        assertThat(unknown.body())
                .isEqualTo("no such path: /events (the embedded store serves /render and /metrics/find)\n");
    }
}
