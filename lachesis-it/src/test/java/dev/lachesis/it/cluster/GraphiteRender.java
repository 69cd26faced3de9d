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
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What Graphite's render API holds for a target, as the cluster tests read it to see what the
 * workers reported (a restarted worker's first point, a window's counts), apart from the daemon's
 * own reading. Points are stamped with the whole second the reporter sent them in. Thread-safe.
 */
final class GraphiteRender {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int ATTEMPTS = 3;

    /** One value a reporter sent, with the whole second Graphite files it under. */
    record Point(Instant at, double value) {
    }

    private final String url;
    private final HttpClient http = HttpClient.newHttpClient();

    GraphiteRender(String url) {
        this.url = url;
    }

    /** Each series {@code target} (a Graphite glob) matches, with its non-null points from {@code from} to {@code until}. */
    Map<String, List<Point>> series(String target, Instant from, Instant until) throws IOException, InterruptedException {
        String query = url + "/render?format=json&from=" + from.getEpochSecond() + "&until=" + until.getEpochSecond()
                + "&target=" + URLEncoder.encode(target, StandardCharsets.UTF_8);
        HttpResponse<String> response = answer(query);
        Map<String, List<Point>> series = new LinkedHashMap<>();
        for (JsonNode one : JSON.readTree(response.body())) {
            List<Point> points = new ArrayList<>();
            for (JsonNode point : one.get("datapoints")) {
                if (!point.get(0).isNull()) {
                    points.add(new Point(Instant.ofEpochSecond(point.get(1).asLong()), point.get(0).asDouble()));
                }
            }
            series.put(one.get("target").asText(), points);
        }
        return series;
    }

    /**
     * graphite-web's answer to {@code query}, asked up to {@value #ATTEMPTS} times: on a loaded machine
     * it times out or fails (500) now and then, and a lost window would void a benchmark's trial.
     */
    private HttpResponse<String> answer(String query) throws IOException, InterruptedException {
        IOException last = null;
        for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
            try {
                HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(query))
                        .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
                if (response.statusCode() == 200) {
                    return response;
                }
                last = new IOException("Graphite answered " + response.statusCode() + " to " + query);
            } catch (IOException e) {
                last = e;
            }
        }
        throw last;
    }

    /**
     * The earliest point with a value stamped at or after {@code from} (whole seconds) of any series
     * {@code target} selects.
     */
    Optional<Instant> firstPointFrom(String target, Instant from) throws IOException, InterruptedException {
        return series(target, from.minusSeconds(1), Instant.now()).values().stream().flatMap(List::stream)
                .map(Point::at).filter(at -> !at.isBefore(from)).min(Instant::compareTo);
    }

    /**
     * The rate at which the counters {@code target} matches grew from {@code from} to {@code until},
     * summed over them, per second: each counter's last value in the window less its first, over
     * the time between the two.
     */
    double counterRate(String target, Instant from, Instant until) throws IOException, InterruptedException {
        double rate = 0;
        for (List<Point> points : series(target, from, until).values()) {
            if (points.size() >= 2) {
                Point first = points.get(0);
                Point last = points.get(points.size() - 1);
                long seconds = last.at().getEpochSecond() - first.at().getEpochSecond();
                rate += seconds > 0 ? (last.value() - first.value()) / seconds : 0;
            }
        }
        return rate;
    }
}
