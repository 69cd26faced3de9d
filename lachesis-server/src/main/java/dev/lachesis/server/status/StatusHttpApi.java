package dev.lachesis.server.status;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.ToStringSerializer;
import dev.lachesis.server.http.SmallHttpServer.Request;
import dev.lachesis.server.http.SmallHttpServer.Response;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;

/**
 * The routes of the status endpoint: {@code GET /status} and {@code /schedule} (JSON),
 * {@code /health} (200 or 503 with the reason, what a probe calls) and {@code /metrics}
 * (Prometheus text). Read-only: anything else is answered 404 or 405. Thread-safe.
 */
public final class StatusHttpApi {
    private static final ObjectMapper JSON = JsonMapper.builder()
            .addModule(new SimpleModule("instants-as-iso-8601").addSerializer(Instant.class, ToStringSerializer.instance))
            .build();

    private final DaemonStatus status;

    public StatusHttpApi(DaemonStatus status) {
        this.status = Objects.requireNonNull(status, "status");
    }

    /** Answers one request. */
    public Response handle(Request request) {
        if (!request.method().equals("GET") && !request.method().equals("HEAD")) {
            return Response.text(405, "the status endpoint is read-only: use GET");
        }
        return switch (request.path()) {
            case "/status" -> json(200, status.status());
            case "/schedule" -> json(200, Map.of("threads", status.schedule()));
            case "/health" -> health(status.health());
            case "/metrics" -> new Response(200, PrometheusText.CONTENT_TYPE,
                    PrometheusText.of(status.metrics()).getBytes(StandardCharsets.UTF_8));
            default -> Response.text(404, "no such page: " + request.path() + " (try /status, /schedule, /health, /metrics)");
        };
    }

    private static Response health(Health health) {
        return Response.text(health.healthy() ? 200 : 503, health.reason());
    }

    private static Response json(int code, Object body) {
        try {
            return new Response(code, "application/json", JSON.writeValueAsBytes(body));
        } catch (JsonProcessingException e) {
            return Response.text(500, "cannot write the answer as JSON: " + e.getOriginalMessage());
        }
    }
}
