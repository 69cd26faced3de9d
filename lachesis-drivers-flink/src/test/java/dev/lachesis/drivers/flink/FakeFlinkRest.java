package dev.lachesis.drivers.flink;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A JDK HTTP server on 127.0.0.1 that answers Flink REST paths with fixed bodies (captured answers),
 * 404 otherwise, and records the requests it got.
 */
final class FakeFlinkRest implements AutoCloseable {
    static {
        // The JDK server writes headers and body apart; with Nagle's algorithm each answer then waits
        // for a delayed ACK (~40 ms), which Flink's Netty server does not. Read once, at first use.
        System.setProperty("sun.net.httpserver.nodelay", "true");
    }

    private final HttpServer server;
    private final Map<String, String> answers = new ConcurrentHashMap<>();
    final List<String> requests = new CopyOnWriteArrayList<>();

    FakeFlinkRest() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            String path = exchange.getRequestURI().getPath();
            requests.add(exchange.getRequestURI().toString());
            String body = answers.get(path);
            byte[] bytes = (body == null ? "{\"errors\":[\"Not found: " + path + "\"]}" : body).getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(body == null ? 404 : 200, bytes.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        });
        server.start();
    }

    /** Answers {@code path} (without query) with {@code body}. */
    FakeFlinkRest answer(String path, String body) {
        answers.put(path, body);
        return this;
    }

    URI url() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
