package dev.lachesis.server.store;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.lachesis.server.http.SmallHttpServer;
import dev.lachesis.core.spi.DataPoint;
import dev.lachesis.core.spi.Series;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The part of Graphite's HTTP API that the daemon, {@code curl} users and Grafana's Graphite data
 * source need, served from an {@link EmbeddedStore}: {@code /render?target=…&format=json&from=-Ns}
 * (GET, or POST with a form body) answering Graphite's shape
 * {@code [{"target": …, "tags": {"name": …}, "datapoints": [[value, ts], …]}]} with {@code null} for
 * empty buckets, and {@code /metrics/find?query=…} answering Graphite's tree JSON. A bad request gets
 * HTTP 400 with one line saying what is wrong. Like graphite-web, it takes unescaped braces in the
 * query ({@code curl -g '…?target=x.{y,z}.*'}). Thread-safe.
 */
public final class GraphiteHttpApi implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(GraphiteHttpApi.class);
    private static final JsonFactory JSON = new JsonFactory();
    private static final String DEFAULT_FROM = "-24h";

    private final EmbeddedStore store;
    private final Clock clock;
    private final SmallHttpServer server;

    private GraphiteHttpApi(EmbeddedStore store, Clock clock, InetAddress address, int port) throws IOException {
        this.store = store;
        this.clock = clock;
        this.server = SmallHttpServer.start(address, port, "lachesis-store-http", this::answer);
    }

    /**
     * Listens on {@code address:port} (port 0 picks a free one) and starts serving.
     *
     * @throws IOException when the port cannot be bound, e.g. it is in use
     */
    public static GraphiteHttpApi start(EmbeddedStore store, Clock clock, InetAddress address, int port)
            throws IOException {
        return new GraphiteHttpApi(store, clock, address, port);
    }

    /** The port it listens on. */
    public int port() {
        return server.port();
    }

    private byte[] render(Map<String, List<String>> params) throws IOException {
        String format = first(params, "format", "");
        if (!format.equals("json")) {
            throw new IllegalArgumentException("the embedded store renders only format=json, not '" + format + "'");
        }
        long now = Math.floorDiv(clock.millis(), 1000L);
        // Like Graphite, nothing after now; unlike it, nothing before the retention, which holds no points.
        long oldest = now - store.retention().toSeconds();
        long from = Math.max(oldest, RelativeTime.resolve(first(params, "from", DEFAULT_FROM), now));
        long until = Math.min(now, RelativeTime.resolve(first(params, "until", "now"), now));
        if (until <= from) {
            throw new IllegalArgumentException("until must be later than from, and from later than "
                    + store.retention().toSeconds() + " s ago (the store's retention)");
        }
        List<Series> series = store.query(params.getOrDefault("target", List.of()), from + 1, until);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonGenerator json = JSON.createGenerator(out)) {
            json.writeStartArray();
            for (Series s : series) {
                json.writeStartObject();
                json.writeStringField("target", s.name());
                json.writeObjectFieldStart("tags");
                json.writeStringField("name", s.name());
                json.writeEndObject();
                json.writeArrayFieldStart("datapoints");
                for (DataPoint p : s.points()) {
                    json.writeStartArray();
                    if (p.isPresent()) {
                        json.writeNumber(p.value());
                    } else {
                        json.writeNull();
                    }
                    json.writeNumber(p.epochSeconds());
                    json.writeEndArray();
                }
                json.writeEndArray();
                json.writeEndObject();
            }
            json.writeEndArray();
        }
        return out.toByteArray();
    }

    private byte[] find(Map<String, List<String>> params) throws IOException {
        String query = first(params, "query", "");
        if (query.isEmpty()) {
            throw new IllegalArgumentException("missing query parameter");
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonGenerator json = JSON.createGenerator(out)) {
            json.writeStartArray();
            for (FoundNode node : store.find(query)) {
                int branch = node.leaf() ? 0 : 1;
                json.writeStartObject();
                json.writeStringField("text", node.text());
                json.writeStringField("id", node.id());
                json.writeNumberField("allowChildren", branch);
                json.writeNumberField("expandable", branch);
                json.writeNumberField("leaf", node.leaf() ? 1 : 0);
                json.writeEndObject();
            }
            json.writeEndArray();
        }
        return out.toByteArray();
    }

    /** Answers one request: JSON on success, 400 with one line for a bad request, 500 otherwise. */
    private SmallHttpServer.Response answer(SmallHttpServer.Request request) {
        Handler handler = switch (request.path()) {
            case "/render", "/render/" -> this::render;
            case "/metrics/find", "/metrics/find/" -> this::find;
            default -> null;
        };
        if (handler == null) {
            return SmallHttpServer.Response.text(404, "no such path: " + request.path()
                    + " (the embedded store serves /render and /metrics/find)");
        }
        if (!request.method().equals("GET") && !request.method().equals("POST")) {
            return SmallHttpServer.Response.text(405, "use GET or POST, not " + request.method());
        }
        try {
            Map<String, List<String>> params = new LinkedHashMap<>();
            addForm(params, request.rawQuery());
            if (request.method().equals("POST")) {
                addForm(params, new String(request.body(), StandardCharsets.UTF_8));
            }
            return new SmallHttpServer.Response(200, "application/json", handler.handle(params));
        } catch (IllegalArgumentException e) {
            return SmallHttpServer.Response.text(400, e.getMessage());
        } catch (IOException | RuntimeException e) {
            LOG.warn("Embedded store failed to answer {}?{}: {}", request.path(), request.rawQuery(), e.toString());
            LOG.debug("Embedded store failure", e);
            return SmallHttpServer.Response.text(500, "internal error: " + e);
        }
    }

    private static void addForm(Map<String, List<String>> params, String form) {
        if (form == null || form.isEmpty()) {
            return;
        }
        for (String pair : form.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String name = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
            String value = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            params.computeIfAbsent(name, k -> new ArrayList<>()).add(value);
        }
    }

    private static String first(Map<String, List<String>> params, String name, String fallback) {
        List<String> values = params.get(name);
        return values == null || values.isEmpty() ? fallback : values.get(0);
    }

    @Override
    public void close() {
        server.close();
    }

    /** Turns request parameters into a JSON body. */
    @FunctionalInterface
    private interface Handler {
        byte[] handle(Map<String, List<String>> params) throws IOException;
    }
}
