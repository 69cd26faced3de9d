package dev.lachesis.core.source.embedded;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Just enough HTTP/1.1 for Graphite's read API: GET and form POST, bounded request sizes. It exists
 * because the JDK's {@code com.sun.net.httpserver} rejects a request line holding characters a URI
 * may not contain unescaped, and Graphite users send exactly those:
 * {@code curl -g '…/render?target=x.{y,z}.*'} works against graphite-web and must work here.
 *
 * <p>A connection stays open for the next request (HTTP/1.1 keep-alive) while it is used at least
 * every {@link #IDLE_TIMEOUT_MILLIS}: the daemon asks once a round, and opening a connection per
 * request was a quarter of its round's CPU time. Each kept connection holds a worker thread, so at
 * most {@code WORKERS - 1} are kept at once; beyond that, and when the client asks
 * ({@code Connection: close}, or HTTP/1.0), the answer closes the connection. Thread-safe.
 */
final class SmallHttpServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(SmallHttpServer.class);
    private static final int MAX_HEAD_BYTES = 64 * 1024;
    private static final int MAX_BODY_BYTES = 16 * 1024 * 1024;
    private static final int READ_TIMEOUT_MILLIS = 10_000;
    /** How long a kept connection may wait for its next request: a few of the daemon's 1-s rounds. */
    static final int IDLE_TIMEOUT_MILLIS = 5_000;
    private static final int WORKERS = 4;
    private static final int DRAIN_TIMEOUT_MILLIS = 1_000;
    private static final long MAX_DRAIN_BYTES = 1024 * 1024;

    /** One parsed request; {@code keepAlive}: the client will send another on this connection. */
    record Request(String method, String path, String rawQuery, byte[] body, boolean keepAlive) {
    }

    /** One answer. */
    record Response(int status, String contentType, byte[] body) {
        static Response text(int status, String line) {
            return new Response(status, "text/plain; charset=utf-8", (line + "\n").getBytes(StandardCharsets.UTF_8));
        }
    }

    /** Answers a request; runs on a worker thread. */
    @FunctionalInterface
    interface Handler {
        Response handle(Request request);
    }

    private final ServerSocket server;
    private final Handler handler;
    private final ExecutorService workers;
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private final AtomicInteger kept = new AtomicInteger();
    private final Thread acceptor;
    private volatile boolean closed;

    private SmallHttpServer(ServerSocket server, Handler handler, String name) {
        this.server = server;
        this.handler = handler;
        AtomicInteger count = new AtomicInteger();
        this.workers = Executors.newFixedThreadPool(WORKERS, r -> {
            Thread t = new Thread(r, name + "-" + count.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        this.acceptor = new Thread(this::acceptLoop, name + "-accept");
        this.acceptor.setDaemon(true);
    }

    /**
     * Listens on {@code address:port} (0 picks a free port) and starts serving.
     *
     * @param name prefix of the server's thread names
     * @throws IOException naming the address and port when they cannot be bound
     */
    static SmallHttpServer start(InetAddress address, int port, String name, Handler handler) throws IOException {
        ServerSocket server = new ServerSocket();
        try {
            server.setReuseAddress(true);
            server.bind(new InetSocketAddress(address, port), 64);
        } catch (IOException e) {
            server.close();
            throw new IOException("cannot serve HTTP on " + address.getHostAddress() + ":" + port + ": "
                    + e.getMessage(), e);
        }
        SmallHttpServer http = new SmallHttpServer(server, handler, name);
        http.acceptor.start();
        return http;
    }

    int port() {
        return server.getLocalPort();
    }

    private void acceptLoop() {
        while (!closed) {
            try {
                Socket socket = server.accept();
                open.add(socket);
                try {
                    workers.execute(() -> serve(socket));
                } catch (RejectedExecutionException e) {
                    closeQuietly(socket);
                }
            } catch (IOException e) {
                if (!closed) {
                    LOG.warn("HTTP server on port {} stopped accepting: {}", port(), e.getMessage());
                }
                return;
            }
        }
    }

    private void serve(Socket socket) {
        boolean keeping = false;
        try (socket) {
            socket.setSoTimeout(READ_TIMEOUT_MILLIS);
            InputStream in = new BufferedInputStream(socket.getInputStream());
            boolean more = true;
            while (more && !closed) {
                if (keeping && !awaitNextRequest(socket, in)) {
                    return;
                }
                try {
                    Request request = read(in);
                    if (!keeping && request.keepAlive()) {
                        keeping = kept.incrementAndGet() < WORKERS;
                        if (!keeping) {
                            kept.decrementAndGet();
                        }
                    }
                    more = keeping && request.keepAlive();
                    write(socket.getOutputStream(), handler.handle(request), more);
                } catch (BadRequestException e) {
                    write(socket.getOutputStream(), Response.text(e.status, e.getMessage()), false);
                    drainBeforeClose(socket, in);
                    more = false;
                }
            }
        } catch (IOException e) {
            LOG.debug("HTTP connection failed: {}", e.getMessage());
        } finally {
            if (keeping) {
                kept.decrementAndGet();
            }
            open.remove(socket);
        }
    }

    /**
     * Waits up to {@link #IDLE_TIMEOUT_MILLIS} for the first byte of the next request on a kept
     * connection; false when the client closed it or stayed silent.
     */
    private static boolean awaitNextRequest(Socket socket, InputStream in) throws IOException {
        socket.setSoTimeout(IDLE_TIMEOUT_MILLIS);
        in.mark(1);
        try {
            if (in.read() < 0) {
                return false;
            }
        } catch (SocketTimeoutException e) {
            return false;
        }
        in.reset();
        socket.setSoTimeout(READ_TIMEOUT_MILLIS);
        return true;
    }

    private static Request read(InputStream in) throws IOException, BadRequestException {
        String head = readHead(in);
        String[] lines = head.split("\r\n");
        String[] requestLine = lines[0].split(" ");
        if (requestLine.length != 3 || !requestLine[2].startsWith("HTTP/1.")) {
            throw new BadRequestException(400, "not an HTTP/1.x request line: '" + lines[0] + "'");
        }
        long length = 0;
        boolean keepAlive = requestLine[2].equals("HTTP/1.1");
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            String name = colon < 0 ? "" : lines[i].substring(0, colon).strip().toLowerCase(Locale.ROOT);
            String value = colon < 0 ? "" : lines[i].substring(colon + 1).strip();
            if (name.equals("content-length")) {
                try {
                    length = Long.parseLong(value);
                } catch (NumberFormatException e) {
                    throw new BadRequestException(400, "Content-Length '" + value + "' is not a number");
                }
            } else if (name.equals("connection")) {
                keepAlive = value.equalsIgnoreCase("keep-alive")
                        || keepAlive && !value.toLowerCase(Locale.ROOT).contains("close");
            } else if (name.equals("transfer-encoding")) {
                throw new BadRequestException(411, "send the body with a Content-Length, not " + value);
            }
        }
        if (length < 0 || length > MAX_BODY_BYTES) {
            throw new BadRequestException(413, "a body of " + length + " bytes is more than " + MAX_BODY_BYTES);
        }
        byte[] body = in.readNBytes((int) length);
        if (body.length != length) {
            throw new BadRequestException(400, "the body ended after " + body.length + " of " + length + " bytes");
        }
        String target = requestLine[1];
        int question = target.indexOf('?');
        String path = question < 0 ? target : target.substring(0, question);
        String query = question < 0 ? null : target.substring(question + 1);
        return new Request(requestLine[0].toUpperCase(Locale.ROOT), path, query, body, keepAlive);
    }

    /** The request line and headers, up to the empty line. */
    private static String readHead(InputStream in) throws IOException, BadRequestException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int lastFour = 0;
        while (lastFour != 0x0D0A0D0A) {
            int b = in.read();
            if (b < 0) {
                throw new BadRequestException(400, "the request ended before its headers did");
            }
            head.write(b);
            if (head.size() > MAX_HEAD_BYTES) {
                throw new BadRequestException(431, "request line and headers exceed " + MAX_HEAD_BYTES + " bytes");
            }
            lastFour = (lastFour << 8) | b;
        }
        String text = head.toString(StandardCharsets.ISO_8859_1);
        return text.substring(0, text.length() - 4);
    }

    /**
     * Reads what is left of a refused request before closing: closing with unread input makes the
     * kernel reset the connection, and the client could lose the answer that says what was wrong.
     */
    private static void drainBeforeClose(Socket socket, InputStream in) throws IOException {
        socket.shutdownOutput();
        socket.setSoTimeout(DRAIN_TIMEOUT_MILLIS);
        byte[] buffer = new byte[8192];
        long left = MAX_DRAIN_BYTES;
        int n;
        while (left > 0 && (n = in.read(buffer)) > 0) {
            left -= n;
        }
    }

    private static void write(OutputStream out, Response response, boolean keepAlive) throws IOException {
        String head = "HTTP/1.1 " + response.status() + " " + reason(response.status()) + "\r\n"
                + "Content-Type: " + response.contentType() + "\r\n"
                + "Content-Length: " + response.body().length + "\r\n"
                + "Connection: " + (keepAlive ? "keep-alive" : "close") + "\r\n\r\n";
        out.write(head.getBytes(StandardCharsets.ISO_8859_1));
        out.write(response.body());
        out.flush();
    }

    private static String reason(int status) {
        return switch (status) {
            case 200 -> "OK";
            case 400 -> "Bad Request";
            case 404 -> "Not Found";
            case 405 -> "Method Not Allowed";
            case 411 -> "Length Required";
            case 413 -> "Payload Too Large";
            case 431 -> "Request Header Fields Too Large";
            default -> "Internal Server Error";
        };
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException e) {
            LOG.debug("Closing a refused HTTP connection failed: {}", e.getMessage());
        }
    }

    @Override
    public void close() {
        closed = true;
        try {
            server.close();
        } catch (IOException e) {
            LOG.debug("Closing the HTTP listener failed: {}", e.getMessage());
        }
        open.forEach(SmallHttpServer::closeQuietly);
        workers.shutdownNow();
    }

    /** A request this server will not answer normally; carries the status to send. */
    private static final class BadRequestException extends Exception {
        private final int status;

        BadRequestException(int status, String message) {
            super(message);
            this.status = status;
        }
    }
}
