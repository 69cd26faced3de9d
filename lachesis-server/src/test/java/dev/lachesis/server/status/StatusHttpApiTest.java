package dev.lachesis.server.status;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.server.http.SmallHttpServer.Request;
import dev.lachesis.server.http.SmallHttpServer.Response;
import dev.lachesis.core.proc.ProcFs;
import dev.lachesis.core.testing.ManualClock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The routes a user, a probe and Prometheus call. */
class StatusHttpApiTest {
    private final StatusHttpApi api = new StatusHttpApi(new DaemonStatus("1.2.3",
            new ManualClock(Instant.parse("2026-11-27T10:00:00Z")), true, List::of, List::of,
            new ProcFs(Path.of("/nonexistent"))));

    private Response get(String path) {
        return api.handle(new Request("GET", path, "", new byte[0], false));
    }

    private static String body(Response r) {
        return new String(r.body(), StandardCharsets.UTF_8);
    }

    @Test
    void healthIs503WithTheReasonBeforeTheFirstRound() {
        Response health = get("/health");
        assertThat(health.status()).isEqualTo(503);
        assertThat(body(health)).isEqualTo("no scheduling round has run yet\n");
    }

    @Test
    void statusIsJsonWithTimesInIso8601() {
        Response status = get("/status");
        assertThat(status.status()).isEqualTo(200);
        assertThat(status.contentType()).isEqualTo("application/json");
        assertThat(body(status)).contains("\"version\":\"1.2.3\"", "\"startedAt\":\"2026-11-27T10:00:00Z\"");
    }

    @Test
    void metricsAreInPrometheusTextFormat() {
        Response metrics = get("/metrics");
        assertThat(metrics.contentType()).isEqualTo(PrometheusText.CONTENT_TYPE);
        assertThat(body(metrics)).contains("lachesis_rounds_total{outcome=\"ok\"} 0\n");
    }

    @Test
    void anythingElseIsRefused() {
        assertThat(get("/").status()).isEqualTo(404);
        assertThat(body(get("/nope"))).contains("/status, /schedule, /health, /metrics");
        assertThat(api.handle(new Request("POST", "/status", "", new byte[0], false)).status()).isEqualTo(405);
    }
}
