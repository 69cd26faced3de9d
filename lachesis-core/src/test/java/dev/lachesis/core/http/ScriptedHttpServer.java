package dev.lachesis.core.http;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A bare HTTP/1.1 server on 127.0.0.1, on plain sockets so that a test sees what a client does on
 * the wire: how many connections it opens and what each request carries. Each path answers the way a
 * test scripts it (an answer, a chunked answer, a redirect, silence, a body trickled byte by byte);
 * connections are kept alive until the client closes them. Records every request.
 */
final class ScriptedHttpServer implements AutoCloseable {
    /** One request as it arrived; header names in lower case. */
    record Request(String method, String target, Map<String, String> headers, String body) {
    }

    /** Writes one answer to a request. */
    @FunctionalInterface
    interface Reply {
        void write(OutputStream out) throws IOException, InterruptedException;
    }

    private final ServerSocket listener;
    private final Map<String, Reply> replies = new ConcurrentHashMap<>();
    private final List<Request> requests = new CopyOnWriteArrayList<>();
    private final List<Socket> connections = new CopyOnWriteArrayList<>();
    private final AtomicInteger accepted = new AtomicInteger();
    private final CountDownLatch closed = new CountDownLatch(1);
    private final CountDownLatch trickling = new CountDownLatch(1);

    ScriptedHttpServer() throws IOException {
        listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        daemon("scripted-http-accept", this::acceptConnections);
    }

    URI uri(String path) {
        return URI.create("http://127.0.0.1:" + listener.getLocalPort() + path);
    }

    /** Answers requests for {@code path} (query ignored) with {@code reply}; other paths get 404. */
    ScriptedHttpServer on(String path, Reply reply) {
        replies.put(path, reply);
        return this;
    }

    List<Request> requests() {
        return requests;
    }

    /** How many connections the server has accepted. */
    int acceptedConnections() {
        return accepted.get();
    }

    /** Waits until a {@link #trickle} has sent its headers. */
    boolean awaitTrickling(Duration timeout) throws InterruptedException {
        return trickling.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    static Reply answer(int status, String body) {
        return out -> {
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            out.write(head(status, "Content-Type: application/json\r\nContent-Length: " + bytes.length));
            out.write(bytes);
        };
    }

    /** Sends {@code body} in chunks of at most 1,000 bytes, without a Content-Length. */
    static Reply chunked(String body) {
        return out -> {
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            out.write(head(200, "Content-Type: application/json\r\nTransfer-Encoding: chunked"));
            for (int from = 0; from < bytes.length; from += 1000) {
                int n = Math.min(1000, bytes.length - from);
                out.write((Integer.toHexString(n) + "\r\n").getBytes(StandardCharsets.US_ASCII));
                out.write(bytes, from, n);
                out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
            }
            out.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        };
    }

    static Reply redirect(String location) {
        return out -> out.write(head(302, "Location: " + location + "\r\nContent-Length: 0"));
    }

    /** Reads the request and never answers it, until the server closes. */
    Reply silence() {
        return out -> closed.await();
    }

    /** Sends the headers of a {@code bytes}-long body, then one byte each {@code every}, until done or closed. */
    Reply trickle(int bytes, Duration every) {
        return out -> {
            out.write(head(200, "Content-Type: application/json\r\nContent-Length: " + bytes));
            out.flush();
            trickling.countDown();
            for (int i = 0; i < bytes && !closed.await(every.toMillis(), TimeUnit.MILLISECONDS); i++) {
                out.write('x');
                out.flush();
            }
        };
    }

    private static byte[] head(int status, String headers) {
        return ("HTTP/1.1 " + status + " Scripted\r\n" + headers + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
    }

    private void acceptConnections() {
        while (!listener.isClosed()) {
            try {
                Socket socket = listener.accept();
                accepted.incrementAndGet();
                connections.add(socket);
                daemon("scripted-http-" + socket.getPort(), () -> serve(socket));
            } catch (IOException e) {
                return; // closed
            }
        }
    }

    private void serve(Socket socket) {
        try (socket) {
            socket.setTcpNoDelay(true);
            InputStream in = new BufferedInputStream(socket.getInputStream());
            OutputStream out = socket.getOutputStream();
            for (Request request = read(in); request != null; request = read(in)) {
                requests.add(request);
                String path = request.target().split("\\?", 2)[0];
                replies.getOrDefault(path, answer(404, "nothing scripted for " + path)).write(out);
                out.flush();
            }
        } catch (IOException e) {
            // the client or close() ended the connection
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The next request on a connection, or null when the client closed it. */
    private static Request read(InputStream in) throws IOException {
        String requestLine = line(in);
        if (requestLine == null) {
            return null;
        }
        Map<String, String> headers = new TreeMap<>();
        for (String header = line(in); header != null && !header.isEmpty(); header = line(in)) {
            int colon = header.indexOf(':');
            headers.put(header.substring(0, colon).strip().toLowerCase(Locale.ROOT), header.substring(colon + 1).strip());
        }
        int length = Integer.parseInt(headers.getOrDefault("content-length", "0"));
        String body = new String(in.readNBytes(length), StandardCharsets.UTF_8);
        String[] parts = requestLine.split(" ");
        return new Request(parts[0], parts[1], headers, body);
    }

    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (int b = in.read(); b >= 0; b = in.read()) {
            if (b == '\n') {
                String text = bytes.toString(StandardCharsets.ISO_8859_1);
                return text.endsWith("\r") ? text.substring(0, text.length() - 1) : text;
            }
            bytes.write(b);
        }
        return null;
    }

    private static void daemon(String name, Runnable task) {
        Thread thread = new Thread(task, name);
        thread.setDaemon(true);
        thread.start();
    }

    @Override
    public void close() throws IOException {
        closed.countDown();
        listener.close();
        for (Socket socket : connections) {
            socket.close();
        }
    }
}
