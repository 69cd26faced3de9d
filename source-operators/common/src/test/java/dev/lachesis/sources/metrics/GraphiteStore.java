package dev.lachesis.sources.metrics;

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
import java.util.ArrayList;
import java.util.List;

/** The Graphite started by {@code deploy/graphite/graphite.sh}: carbon on 2003, render API on 8080. */
final class GraphiteStore implements MetricStore {
    static final String RENDER_URL = "http://127.0.0.1:8080/render";
    // Generous: under a loaded CI machine gunicorn's two workers can take seconds to accept.
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(15)).build();
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int SERVER_ERROR = 500;
    private static final int SERVER_ERROR_RETRIES = 3;

    static boolean isRunning() {
        try {
            return get("target=none&format=json&from=-10s").statusCode() == 200;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static HttpResponse<String> get(String query) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(RENDER_URL + "?" + query))
                .timeout(Duration.ofSeconds(30)).build();
        return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
    }

    @Override
    public String carbonHost() {
        return "127.0.0.1";
    }

    @Override
    public int carbonPort() {
        return 2003;
    }

    @Override
    public List<MetricPoint> points(String glob) throws IOException, InterruptedException {
        String query = "target=" + URLEncoder.encode(glob, StandardCharsets.UTF_8) + "&format=json&from=-10min";
        HttpResponse<String> response = get(query);
        for (int retry = 0; retry < SERVER_ERROR_RETRIES && response.statusCode() >= SERVER_ERROR; retry++) {
            // graphite-web answers 500 while carbon is still writing the header of a new whisper file the
            // glob matches; the same request succeeds a moment later (the daemon's Graphite source does the same).
            response = get(query);
        }
        if (response.statusCode() != 200) {
            throw new IOException("Graphite answered " + response.statusCode() + " for " + glob);
        }
        List<MetricPoint> points = new ArrayList<>();
        for (JsonNode series : JSON.readTree(response.body())) {
            String path = series.get("target").asText();
            for (JsonNode point : series.get("datapoints")) {
                if (!point.get(0).isNull()) {
                    points.add(new MetricPoint(path, point.get(0).asDouble(), point.get(1).asLong()));
                }
            }
        }
        return points;
    }

    @Override
    public String describe() {
        return "Graphite at " + RENDER_URL;
    }

    @Override
    public void close() {
        // Graphite belongs to the machine, not to the test.
    }
}
