package dev.lachesis.core.source.embedded;

import static org.assertj.core.api.Assertions.assertThat;

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

/** The HTTP transport over a raw socket: what it accepts and how it refuses the rest. */
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
    void closesAConnectionItCannotKeepOrTheClientDoesNotWantKept() throws IOException {
        assertThat(exchange("GET /render?target=a HTTP/1.0\r\n\r\nGET /render?target=b HTTP/1.0\r\n\r\n"))
                .contains("Connection: close", "? target=a").doesNotContain("target=b");
        List<Socket> idle = new ArrayList<>();
        try {
            for (int i = 0; i < 3; i++) {
                idle.add(keptOpen());
            }
            assertThat(exchange("GET /render?target=a HTTP/1.1\r\n\r\nGET /render?target=b HTTP/1.1\r\n\r\n"))
                    .as("a fourth worker is left for connections that close")
                    .contains("Connection: close", "? target=a").doesNotContain("target=b");
        } finally {
            for (Socket s : idle) {
                s.close();
            }
        }
    }

    /** A connection that made one request and was kept open by the server. */
    private Socket keptOpen() throws IOException {
        Socket socket = new Socket(InetAddress.getLoopbackAddress(), server.port());
        socket.getOutputStream().write("GET /x HTTP/1.1\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
        BufferedReader answer = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.ISO_8859_1));
        List<String> head = new ArrayList<>();
        for (String line = answer.readLine(); line != null && !line.isEmpty(); line = answer.readLine()) {
            head.add(line);
        }
        assertThat(head).contains("Connection: keep-alive");
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
    }
}
