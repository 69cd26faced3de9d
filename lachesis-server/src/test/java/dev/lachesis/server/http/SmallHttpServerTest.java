package dev.lachesis.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.core.testing.LogCapture;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The HTTP transport over a raw socket: what it accepts, how long it waits, and how it refuses the rest. */
class SmallHttpServerTest {
    private SmallHttpServer server;

    @BeforeEach
    void start() throws IOException {
        server = SmallHttpServer.start(InetAddress.getLoopbackAddress(), 0, "test-http",
                r -> SmallHttpServer.Response.text(200, r.method() + " " + r.path() + " ? " + r.rawQuery() + " | "
                        + new String(r.body(), StandardCharsets.UTF_8)));
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private String exchange(String request) throws IOException {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), server.port())) {
            socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            socket.shutdownOutput();
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void passesTheRawQueryAndBodyToTheHandler() throws IOException {
        assertThat(exchange("POST /render?target=a.{b,c} HTTP/1.1\r\nContent-Length: 9\r\nConnection: close\r\n\r\n"
                + "format=js"))
                .isEqualTo("HTTP/1.1 200 OK\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 42\r\n"
                        + "Connection: close\r\n\r\nPOST /render ? target=a.{b,c} | format=js\n");
    }

    @Test
    void answersMoreRequestsOnAKeptConnectionUntilTheClientClosesIt() throws IOException {
        String first = "GET /render?target=a HTTP/1.1\r\n\r\n";
        String second = "GET /render?target=b HTTP/1.1\r\n\r\n";
        String last = "GET /render?target=c HTTP/1.1\r\nConnection: close\r\n\r\n";

        String answers = exchange(first + second + last);

        assertThat(answers.split("HTTP/1.1 200 OK", -1)).hasSize(4);
        assertThat(answers).containsSubsequence("Connection: keep-alive", "? target=a", "Connection: keep-alive",
                "? target=b", "Connection: close", "? target=c");
    }

    @Test
    void closesAConnectionTheClientDoesNotWantKept() throws IOException {
        assertThat(exchange("GET /render?target=a HTTP/1.0\r\n\r\nGET /render?target=b HTTP/1.0\r\n\r\n"))
                .contains("Connection: close", "? target=a").doesNotContain("target=b");
        assertThat(exchange("GET /render?target=a HTTP/1.1\r\nConnection: close\r\n\r\nGET /render?target=b HTTP/1.1\r\n\r\n"))
                .contains("Connection: close", "? target=a").doesNotContain("target=b");
    }

    @Test
    void keptConnectionsHoldNoThreadSoAllStayUsable() throws IOException {
        List<Socket> kept = new ArrayList<>();
        try {
            for (int i = 0; i < 10; i++) {
                kept.add(keptOpen());
            }
            for (Socket socket : kept) {
                assertThat(requestOn(socket, "/again")).contains("Connection: keep-alive");
            }
        } finally {
            for (Socket s : kept) {
                s.close();
            }
        }
    }

    @Test
    void aClientAtItsLimitLosesTheConnectionIdleLongestAndTheLimitIsLoggedOnce() throws IOException {
        List<Socket> kept = new ArrayList<>();
        try (LogCapture logged = new LogCapture(SmallHttpServer.class)) {
            for (int i = 0; i < SmallHttpServer.MAX_CONNECTIONS_PER_CLIENT; i++) {
                kept.add(keptOpen());
            }
            requestOn(kept.get(0), "/used-again"); // now kept.get(1) is the one idle longest

            Socket newest = keptOpen();
            kept.add(newest);

            assertThat(closedByServer(kept.get(1))).as("the connection idle longest").isTrue();
            for (Socket socket : List.of(kept.get(0), kept.get(2), newest)) {
                assertThat(requestOn(socket, "/still")).contains("Connection: keep-alive");
            }
            kept.add(keptOpen());
            assertThat(logged.lines()).containsExactly("WARN HTTP server on port " + server.port() + " has "
                    + SmallHttpServer.MAX_CONNECTIONS_PER_CLIENT + " connections from 127.0.0.1 open, the most it "
                    + "allows: each new one closes the connection waiting longest for a request; further ones are "
                    + "logged at debug");
        } finally {
            for (Socket s : kept) {
                s.close();
            }
        }
    }

    @Test
    void aServerAtItsLimitLosesTheConnectionIdleLongestWhoeverOpenedIt() throws IOException {
        List<Socket> kept = new ArrayList<>();
        try {
            int clients = SmallHttpServer.MAX_CONNECTIONS / SmallHttpServer.MAX_CONNECTIONS_PER_CLIENT;
            for (int client = 0; client < clients; client++) {
                InetAddress from = InetAddress.getByName("127.0.0." + (2 + client));
                for (int i = 0; i < SmallHttpServer.MAX_CONNECTIONS_PER_CLIENT; i++) {
                    kept.add(keptOpen(from));
                }
            }

            Socket another = keptOpen(InetAddress.getByName("127.0.0." + (2 + clients)));
            kept.add(another);

            assertThat(closedByServer(kept.get(0))).as("the connection idle longest").isTrue();
            assertThat(requestOn(kept.get(1), "/still")).contains("Connection: keep-alive");
        } finally {
            for (Socket s : kept) {
                s.close();
            }
        }
    }

    @Test
    void aRequestThatDoesNotArriveInTimeClosesItsConnectionLongBeforeAnIdleOne() throws IOException {
        try (Socket partial = new Socket(InetAddress.getLoopbackAddress(), server.port());
             Socket kept = keptOpen()) {
            partial.getOutputStream().write("GET /render?target=".getBytes(StandardCharsets.ISO_8859_1));

            assertThat(closedByServer(partial)).isTrue();
            assertThat(requestOn(kept, "/later")).as("kept for IDLE_TIMEOUT, more than the header timeout")
                    .contains("Connection: keep-alive");
        }
    }

    /**
     * Sends a GET on {@code socket} and reads its answer's head; the read waits at most the idle timeout,
     * so a connection closed for taking too long over a request is told from one kept.
     */
    private static List<String> requestOn(Socket socket, String path) throws IOException {
        socket.getOutputStream().write(("GET " + path + " HTTP/1.1\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
        return readHead(socket);
    }

    /** Whether the server closes {@code socket} before the idle timeout would have: reads until end of stream. */
    private static boolean closedByServer(Socket socket) throws IOException {
        socket.setSoTimeout(SmallHttpServer.IDLE_TIMEOUT_MILLIS - SmallHttpServer.HEADER_TIMEOUT_MILLIS);
        try {
            return socket.getInputStream().read(new byte[4096]) < 0 || socket.getInputStream().read() < 0;
        } catch (java.net.SocketTimeoutException e) {
            return false;
        } catch (java.net.SocketException e) {
            return true; // reset
        }
    }

    private static List<String> readHead(Socket socket) throws IOException {
        BufferedReader answer = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.ISO_8859_1));
        List<String> head = new ArrayList<>();
        for (String line = answer.readLine(); line != null && !line.isEmpty(); line = answer.readLine()) {
            head.add(line);
        }
        int length = head.stream().filter(h -> h.startsWith("Content-Length: ")).findFirst()
                .map(h -> Integer.parseInt(h.substring(16))).orElse(0);
        for (int i = 0; i < length; i++) {
            answer.read();
        }
        return head;
    }

    /** A connection that made one request and was kept open by the server. */
    private Socket keptOpen() throws IOException {
        return keptOpen(InetAddress.getLoopbackAddress());
    }

    /** A connection from the local address {@code from} that made one request and was kept open. */
    private Socket keptOpen(InetAddress from) throws IOException {
        Socket socket = new Socket(InetAddress.getLoopbackAddress(), server.port(), from, 0);
        assertThat(requestOn(socket, "/x")).contains("Connection: keep-alive");
        return socket;
    }

    @Test
    void refusesWhatItDoesNotSpeak() throws IOException {
        assertThat(exchange("HELLO\r\n\r\n")).startsWith("HTTP/1.1 400 Bad Request\r\n")
                .endsWith("\r\n\r\nnot an HTTP/1.x request line: 'HELLO'\n");
        assertThat(exchange("POST /render HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"))
                .startsWith("HTTP/1.1 411 Length Required\r\n");
        assertThat(exchange("GET /render HTTP/1.1\r\nX: " + "y".repeat(70_000) + "\r\n\r\n"))
                .startsWith("HTTP/1.1 431 Request Header Fields Too Large\r\n");
        assertThat(exchange("GET /render HTTP/1.1\r\n")).endsWith("the request ended before its headers did\n");
        assertThat(exchange("POST /render HTTP/1.1\r\nContent-Length: 300000\r\n\r\ntarget=a"))
                .startsWith("HTTP/1.1 413 Payload Too Large\r\n")
                .endsWith("a body of 300000 bytes is more than 262144\n");
    }
}
