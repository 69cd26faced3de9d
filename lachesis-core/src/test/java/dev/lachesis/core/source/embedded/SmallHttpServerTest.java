package dev.lachesis.core.source.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
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
        assertThat(exchange("POST /render?target=a.{b,c} HTTP/1.1\r\nContent-Length: 9\r\n\r\nformat=js"))
                .isEqualTo("HTTP/1.1 200 OK\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 42\r\n"
                        + "Connection: close\r\n\r\nPOST /render ? target=a.{b,c} | format=js\n");
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
