package dev.lachesis.core.metricsource;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * The Graphite that {@code deploy/graphite/graphite.sh start} runs: carbon plaintext on
 * 127.0.0.1:2003, graphite-web on http://127.0.0.1:8080. Tests that need it call
 * {@link #requireOrSkip()}: without Graphite they are skipped, unless {@code LACHESIS_REQUIRE_GRAPHITE=1}
 * (environment or system property, as CI sets it), where they fail saying how to start it.
 */
public final class RealGraphite {
    public static final String URL = "http://127.0.0.1:8080";
    public static final int CARBON_PORT = 2003;
    private static final String REQUIRE = "LACHESIS_REQUIRE_GRAPHITE";

    private RealGraphite() {
    }

    /** Skips the calling test when Graphite does not answer, or fails it when Graphite is required. */
    public static void requireOrSkip() {
        String problem = problem();
        if (problem == null) {
            return;
        }
        String message = "Graphite does not answer at " + URL + " (" + problem
                + "); start it with: sudo deploy/graphite/graphite.sh start";
        if ("1".equals(System.getenv(REQUIRE)) || "1".equals(System.getProperty(REQUIRE))) {
            Assertions.fail(message + " (" + REQUIRE + "=1, so this test may not be skipped)");
        }
        Assumptions.abort(message);
    }

    /** Why Graphite cannot be used, or null when /render returns JSON and carbon accepts connections. */
    private static String problem() {
        try (Socket carbon = new Socket(InetAddress.getLoopbackAddress(), CARBON_PORT)) {
            carbon.setSoTimeout(1000);
        } catch (IOException e) {
            return "carbon on 127.0.0.1:" + CARBON_PORT + ": " + e.getMessage();
        }
        try {
            HttpResponse<String> answer = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build().send(
                    HttpRequest.newBuilder(URI.create(URL + "/render?target=carbon.*&format=json&from=-10s"))
                            .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());
            return answer.statusCode() == 200 && answer.body().startsWith("[") ? null
                    : "HTTP " + answer.statusCode() + " from /render";
        } catch (IOException e) {
            return "/render: " + e;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }

    /** Sends carbon plaintext lines to 127.0.0.1:{@code port} over one connection. */
    public static void sendCarbon(int port, List<String> lines) throws IOException {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port);
             OutputStream out = socket.getOutputStream()) {
            out.write((String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
        }
    }
}
