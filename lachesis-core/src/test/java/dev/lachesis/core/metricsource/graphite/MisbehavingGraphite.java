package dev.lachesis.core.metricsource.graphite;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * A local HTTP server on 127.0.0.1 that answers {@code /render} however a test tells it to: an
 * error status, HTML, garbage, or not at all until released. Records every request. Public for the
 * loop's fault campaign, which runs the daemon's rounds against it.
 */
public final class MisbehavingGraphite implements AutoCloseable {
    /** One recorded request: its method, the decoded {@code target} parameters and {@code from}. */
    public record Request(String method, List<String> targets, String from) {
    }

    private final HttpServer server;
    private final List<Request> requests = new CopyOnWriteArrayList<>();
    private final CountDownLatch release = new CountDownLatch(1);
    private final Queue<Answer> oneOff = new ConcurrentLinkedQueue<>();
    private volatile int status = 200;
    private volatile String contentType = "application/json";
    private volatile String body = "[]";
    private volatile boolean hang;

    public MisbehavingGraphite() throws IOException {
        this(0);
    }

    /** A server on {@code port} of 127.0.0.1 (0: any free port), e.g. one that comes back where another went down. */
    public MisbehavingGraphite(int port) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 16);
        server.setExecutor(Executors.newCachedThreadPool());
        server.createContext("/render", this::handle);
        server.start();
    }

    public String url() {
        return "http://127.0.0.1:" + port();
    }

    public int port() {
        return server.getAddress().getPort();
    }

    public MisbehavingGraphite answer(int status, String contentType, String body) {
        this.status = status;
        this.contentType = contentType;
        this.body = body;
        this.hang = false;
        return this;
    }

    /** Answers the next request (after any earlier one-off answers) so, then goes back to the standing answer. */
    public MisbehavingGraphite answerOnce(int status, String contentType, String body) {
        oneOff.add(new Answer(status, contentType, body));
        return this;
    }

    /** Accepts requests but answers none until {@link #close()}. */
    public MisbehavingGraphite hang() {
        this.hang = true;
        return this;
    }

    public List<Request> requests() {
        return requests;
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String form = exchange.getRequestURI().getRawQuery();
            if ("POST".equals(exchange.getRequestMethod())) {
                form = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            }
            requests.add(new Request(exchange.getRequestMethod(), values(form, "target"), values(form, "from").get(0)));
            if (hang) {
                release.await(30, TimeUnit.SECONDS);
                return;
            }
            Answer answer = oneOff.poll();
            if (answer == null) {
                answer = new Answer(status, contentType, body);
            }
            byte[] bytes = answer.body().getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", answer.contentType());
            exchange.sendResponseHeaders(answer.status(), bytes.length == 0 ? -1 : bytes.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private record Answer(int status, String contentType, String body) {
    }

    private static List<String> values(String form, String name) {
        List<String> values = new ArrayList<>();
        for (String pair : form == null ? new String[0] : form.split("&")) {
            if (pair.startsWith(name + "=")) {
                values.add(URLDecoder.decode(pair.substring(name.length() + 1), StandardCharsets.UTF_8));
            }
        }
        return values;
    }

    @Override
    public void close() {
        release.countDown();
        server.stop(0);
    }
}
