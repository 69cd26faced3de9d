package dev.lachesis.it.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * When a series first had a value, read from graphite-web's render API as a user reads it: to time
 * how soon the daemon follows a TaskManager's first report. Points are stamped with the second
 * the reporter sent them in (Graphite stores the suite's series at 1 s resolution). Thread-safe.
 */
final class GraphiteRender {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final URI base;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    GraphiteRender(URI base) {
        this.base = base;
    }

    /**
     * The earliest point with a value stamped at or after {@code from} (whole seconds) of any series
     * {@code target} selects.
     */
    Optional<Instant> firstPointFrom(String target, Instant from) throws IOException, InterruptedException {
        URI uri = base.resolve("/render?format=json&from=" + (from.getEpochSecond() - 1) + "&until=now&target="
                + URLEncoder.encode(target, StandardCharsets.UTF_8));
        HttpResponse<String> answer = http.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString());
        if (answer.statusCode() != 200) {
            throw new IOException(uri + " answered " + answer.statusCode() + ": " + answer.body());
        }
        Optional<Instant> first = Optional.empty();
        for (JsonNode series : JSON.readTree(answer.body())) {
            for (JsonNode point : series.path("datapoints")) {
                Instant at = Instant.ofEpochSecond(point.get(1).asLong());
                if (!point.get(0).isNull() && !at.isBefore(from)
                        && first.map(at::isBefore).orElse(true)) {
                    first = Optional.of(at);
                }
            }
        }
        return first;
    }
}
