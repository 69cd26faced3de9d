package dev.lachesis.server.http;

import dev.lachesis.core.logging.OnceLog;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Just enough HTTP/1.1 for the embedded store's Graphite read API and the status endpoint: GET and
 * form POST, bounded request sizes. It exists because the JDK's {@code com.sun.net.httpserver} rejects a request line holding characters a URI
 * may not contain unescaped, and Graphite users send exactly those:
 * {@code curl -g '…/render?target=x.{y,z}.*'} works against graphite-web and must work here.
 *
 * <p>Any local user can connect, so no client may keep the others from being answered. One thread
 * does all socket I/O without blocking (a selector): a connection that sends half a request line,
 * or its body a byte at a time, holds no thread while the requests of others are read, answered by
 * {@value #WORKERS} worker threads, and written. A new connection must deliver its request line and
 * headers within {@value #HEADER_TIMEOUT_MILLIS} ms, a body within {@value #BODY_TIMEOUT_MILLIS} ms,
 * and read its answer within as long. At most {@value #MAX_CONNECTIONS} connections are open, at
 * most {@value #MAX_CONNECTIONS_PER_CLIENT} from one address; a connection beyond either limit
 * closes, of the connections not being answered, the one waiting longest (those that never completed
 * a request first), so a new client is served unless every connection has a request being answered.
 *
 * <p>A connection stays open for the next request (HTTP/1.1 keep-alive) while it is used at least
 * every {@link #IDLE_TIMEOUT_MILLIS}: the daemon asks once a round, and opening a connection per
 * request was a quarter of its round's CPU time. When the client asks ({@code Connection: close},
 * or HTTP/1.0) the answer closes the connection. Thread-safe.
 */
public final class SmallHttpServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(SmallHttpServer.class);
    private static final int MAX_HEAD_BYTES = 64 * 1024;
    /**
     * The daemon's largest form (500 targets) is some 100 KB; with the connection limit this bounds
     * what requests being read hold to ~20 MiB.
     */
    private static final int MAX_BODY_BYTES = 256 * 1024;
    /** How long a kept connection may wait for its next request: a few of the daemon's 1-s rounds. */
    static final int IDLE_TIMEOUT_MILLIS = 5_000;
    /** How long a request's line and headers may take from its first byte (from the connection's start for the first). */
    static final int HEADER_TIMEOUT_MILLIS = 1_000;
    /** How long a request's body, and then its answer, may take to cross. */
    static final int BODY_TIMEOUT_MILLIS = 10_000;
    static final int MAX_CONNECTIONS = 64;
    static final int MAX_CONNECTIONS_PER_CLIENT = 32;
    private static final int WORKERS = 2;
    private static final int DRAIN_TIMEOUT_MILLIS = 1_000;
    private static final long MAX_DRAIN_BYTES = 1024 * 1024;
    private static final byte[] END_OF_HEAD = {'\r', '\n', '\r', '\n'};
    private static final int FIRST_BUFFER_BYTES = 4096;
    /** The largest request a connection buffers: the largest head, its end and the largest body. */
    private static final int MAX_REQUEST_BYTES = MAX_HEAD_BYTES + END_OF_HEAD.length + MAX_BODY_BYTES;

    /** One parsed request; {@code keepAlive}: the client will send another on this connection. */
    public record Request(String method, String path, String rawQuery, byte[] body, boolean keepAlive) {
    }

    /** One answer. */
    public record Response(int status, String contentType, byte[] body) {
        public static Response text(int status, String line) {
            return new Response(status, "text/plain; charset=utf-8", (line + "\n").getBytes(StandardCharsets.UTF_8));
        }
    }

    /** Answers a request; runs on a worker thread. */
    @FunctionalInterface
    public interface Handler {
        Response handle(Request request);
    }

    /** What a connection does now. */
    private enum State {
        /** Waiting for (the rest of) a request. */
        READING,
        /** A worker answers its request; nothing is read meanwhile. */
        ANSWERING,
        /** Its answer is being written. */
        WRITING,
        /** A refused request was answered; what the client still sends is read and dropped before closing. */
        DRAINING
    }

    private final ServerSocketChannel server;
    private final Selector selector;
    private final Handler handler;
    private final ExecutorService workers;
    private final List<Connection> connections = new ArrayList<>();
    private final Queue<Runnable> fromWorkers = new ConcurrentLinkedQueue<>();
    private final Thread io;
    private final OnceLog limits = new OnceLog(LOG);
    private volatile boolean closed;

    private SmallHttpServer(ServerSocketChannel server, Selector selector, Handler handler, String name) {
        this.server = server;
        this.selector = selector;
        this.handler = handler;
        AtomicInteger count = new AtomicInteger();
        this.workers = Executors.newFixedThreadPool(WORKERS, r -> {
            Thread t = new Thread(r, name + "-" + count.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        this.io = new Thread(this::ioLoop, name + "-io");
        this.io.setDaemon(true);
    }

    /**
     * Listens on {@code address:port} (0 picks a free port) and starts serving.
     *
     * @param name prefix of the server's thread names
     * @throws IOException naming the address and port when they cannot be bound
     */
    public static SmallHttpServer start(InetAddress address, int port, String name, Handler handler) throws IOException {
        ServerSocketChannel server = ServerSocketChannel.open();
        Selector selector;
        try {
            server.setOption(StandardSocketOptions.SO_REUSEADDR, true);
            server.bind(new InetSocketAddress(address, port), 64);
            server.configureBlocking(false);
            selector = Selector.open();
            server.register(selector, SelectionKey.OP_ACCEPT);
        } catch (IOException e) {
            server.close();
            throw new IOException("cannot serve HTTP on " + address.getHostAddress() + ":" + port + ": "
                    + e.getMessage(), e);
        }
        SmallHttpServer http = new SmallHttpServer(server, selector, handler, name);
        http.io.start();
        return http;
    }

    public int port() {
        return server.socket().getLocalPort();
    }

    private void ioLoop() {
        try {
            while (!closed) {
                selector.select(untilNextDeadlineMillis());
                for (Runnable task = fromWorkers.poll(); task != null; task = fromWorkers.poll()) {
                    task.run();
                }
                Iterator<SelectionKey> keys = selector.selectedKeys().iterator();
                while (keys.hasNext()) {
                    SelectionKey key = keys.next();
                    keys.remove();
                    if (key.isValid() && key.isAcceptable()) {
                        accept();
                    } else if (key.attachment() instanceof Connection c) {
                        c.ready(key);
                    }
                }
                closeExpired();
            }
        } catch (IOException | ClosedSelectorException e) {
            if (!closed) {
                LOG.warn("HTTP server on port {} stopped: {}", port(), e.toString());
            }
        } finally {
            new ArrayList<>(connections).forEach(Connection::close);
            closeQuietly(selector);
        }
    }

    /** How long the selector may wait: until the earliest deadline, at most a second, at least 1 ms. */
    private long untilNextDeadlineMillis() {
        long now = System.nanoTime();
        long wait = TimeUnit.SECONDS.toNanos(1);
        for (Connection c : connections) {
            if (c.state != State.ANSWERING) {
                wait = Math.min(wait, c.deadline - now);
            }
        }
        return Math.max(1, TimeUnit.NANOSECONDS.toMillis(wait) + 1);
    }

    private void accept() {
        while (true) {
            SocketChannel channel;
            try {
                channel = server.accept();
            } catch (IOException e) {
                LOG.debug("Accepting an HTTP connection failed: {}", e.getMessage());
                return;
            }
            if (channel == null) {
                return;
            }
            try {
                InetAddress client = ((InetSocketAddress) channel.getRemoteAddress()).getAddress();
                if (!makeRoomFor(client)) {
                    LOG.debug("Refused an HTTP connection from {}: {} connections are busy", client.getHostAddress(),
                            connections.size());
                    closeQuietly(channel);
                    continue;
                }
                channel.configureBlocking(false);
                channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
                Connection connection = new Connection(channel, client);
                connection.key = channel.register(selector, SelectionKey.OP_READ, connection);
                connections.add(connection);
                // A client sends its request right after connecting: take it now, before later
                // connections accepted in this round could push this one out.
                connection.readNow();
            } catch (IOException e) {
                LOG.debug("A new HTTP connection failed: {}", e.getMessage());
                closeQuietly(channel);
            }
        }
    }

    /** Closes a waiting connection if {@code client} or everyone is at the limit; false when none could go. */
    private boolean makeRoomFor(InetAddress client) {
        List<Connection> sameClient = connections.stream().filter(c -> c.client.equals(client)).toList();
        if (sameClient.size() >= MAX_CONNECTIONS_PER_CLIENT) {
            warnOnceAtLimit(MAX_CONNECTIONS_PER_CLIENT + " connections from " + client.getHostAddress());
            if (!closeLongestWaiting(sameClient)) {
                return false;
            }
        }
        if (connections.size() < MAX_CONNECTIONS) {
            return true;
        }
        warnOnceAtLimit(MAX_CONNECTIONS + " connections");
        return closeLongestWaiting(connections);
    }

    /**
     * Logs at warn the first time a limit makes room: someone holds many connections, which an
     * operator should hear of, once.
     */
    private void warnOnceAtLimit(String limit) {
        limits.warn("at-limit", "HTTP server on port {} has {} open, the most it allows: each new one closes the "
                + "connection waiting longest for a request; further ones are logged at debug", port(), limit);
    }

    /**
     * Closes the connection among {@code candidates} that waits longest for a request: of those that
     * never completed one, the oldest; else the one idle longest.
     */
    private static boolean closeLongestWaiting(List<Connection> candidates) {
        return candidates.stream()
                .filter(c -> c.state == State.READING || c.state == State.DRAINING)
                .min(Comparator.comparing((Connection c) -> c.answered)
                        .thenComparingLong(c -> c.answered ? c.lastActive : c.opened))
                .map(c -> {
                    LOG.debug("Closed an idle HTTP connection from {} to make room", c.client.getHostAddress());
                    c.close();
                    return true;
                })
                .orElse(false);
    }

    private void closeExpired() {
        long now = System.nanoTime();
        for (Connection c : new ArrayList<>(connections)) {
            if (c.state != State.ANSWERING && now - c.deadline >= 0) {
                LOG.debug("Closed an HTTP connection from {} that was {} too long", c.client.getHostAddress(),
                        c.state.name().toLowerCase(Locale.ROOT));
                c.close();
            }
        }
    }

    /** One client connection and its progress through a request; used by the I/O thread only. */
    private final class Connection {
        final SocketChannel channel;
        final InetAddress client;
        SelectionKey key;
        State state = State.READING;
        /** Request bytes read and not yet consumed, in write mode. */
        ByteBuffer in = ByteBuffer.allocate(FIRST_BUFFER_BYTES);
        /** Where the search for the end of the head goes on. */
        int scanned;
        /** Where the body starts, once the head is complete, else -1. */
        int bodyStart = -1;
        Head head;
        ByteBuffer[] out;
        boolean closeAfterAnswer;
        boolean answered;
        final long opened = System.nanoTime();
        long lastActive = opened;
        long deadline = opened + TimeUnit.MILLISECONDS.toNanos(HEADER_TIMEOUT_MILLIS);
        long drained;

        Connection(SocketChannel channel, InetAddress client) {
            this.channel = channel;
            this.client = client;
        }

        /** Reads or writes as the selector found the socket ready to. */
        void ready(SelectionKey selected) {
            failSafe(() -> {
                if (selected.isValid() && selected.isWritable()) {
                    write();
                }
                if (selected.isValid() && selected.isReadable()) {
                    if (state == State.DRAINING) {
                        drain();
                    } else if (state == State.READING) {
                        read();
                    }
                }
            });
        }

        /** Reads what has arrived, if anything, without waiting for the selector. */
        void readNow() {
            failSafe(this::read);
        }

        private void failSafe(IoStep step) {
            try {
                step.run();
            } catch (IOException | RuntimeException e) {
                LOG.debug("HTTP connection from {} failed: {}", client.getHostAddress(), e.toString());
                close();
            }
        }

        private void read() throws IOException {
            if (!in.hasRemaining()) {
                if (in.capacity() >= MAX_REQUEST_BYTES) {
                    refuse(new BadRequestException(413, "a request of more than " + in.capacity() + " bytes"));
                    return;
                }
                in = ByteBuffer.allocate(Math.min(in.capacity() * 2, MAX_REQUEST_BYTES)).put(in.flip());
            }
            boolean first = in.position() == 0;
            int n = channel.read(in);
            if (n < 0) {
                if (first && bodyStart < 0) {
                    close(); // the client closed between requests
                } else {
                    refuse(new BadRequestException(400, bodyStart < 0 ? "the request ended before its headers did"
                            : "the body ended after " + (in.position() - bodyStart) + " of " + head.length + " bytes"));
                }
                return;
            }
            if (n > 0 && first && answered) {
                deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(HEADER_TIMEOUT_MILLIS);
            }
            if (n > 0) {
                lastActive = System.nanoTime();
                parse();
            }
        }

        /** Takes the next request from {@link #in} when it is complete, and hands it to a worker. */
        private void parse() throws IOException {
            try {
                if (bodyStart < 0) {
                    int end = indexOfEndOfHead();
                    if (end < 0 || end > MAX_HEAD_BYTES) {
                        if (in.position() > MAX_HEAD_BYTES) {
                            throw new BadRequestException(431, "request line and headers exceed " + MAX_HEAD_BYTES
                                    + " bytes");
                        }
                        return;
                    }
                    head = Head.parse(new String(in.array(), 0, end, StandardCharsets.ISO_8859_1));
                    bodyStart = end + END_OF_HEAD.length;
                    deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(BODY_TIMEOUT_MILLIS);
                }
                if (in.position() - bodyStart < head.length) {
                    return;
                }
            } catch (BadRequestException e) {
                refuse(e);
                return;
            }
            byte[] body = Arrays.copyOfRange(in.array(), bodyStart, bodyStart + (int) head.length);
            Request request = new Request(head.method, head.path, head.query, body, head.keepAlive);
            consume(bodyStart + (int) head.length);
            state = State.ANSWERING;
            key.interestOps(0);
            try {
                workers.execute(() -> answer(request));
            } catch (RejectedExecutionException e) {
                close(); // the server is closing
            }
        }

        private int indexOfEndOfHead() {
            byte[] bytes = in.array();
            for (int i = Math.max(0, scanned - END_OF_HEAD.length + 1); i + END_OF_HEAD.length <= in.position(); i++) {
                if (bytes[i] == '\r' && bytes[i + 1] == '\n' && bytes[i + 2] == '\r' && bytes[i + 3] == '\n') {
                    return i;
                }
            }
            scanned = in.position();
            return -1;
        }

        /** Drops the first {@code length} bytes of {@link #in}, keeping a pipelined next request. */
        private void consume(int length) {
            in.flip().position(length);
            if (!in.hasRemaining() && in.capacity() > FIRST_BUFFER_BYTES) {
                in = ByteBuffer.allocate(FIRST_BUFFER_BYTES); // an idle connection keeps no large buffer
            } else {
                in.compact();
            }
            scanned = 0;
            bodyStart = -1;
            head = null;
        }

        /** On a worker: answers the request and hands the answer back to the I/O thread. */
        private void answer(Request request) {
            Response response;
            try {
                response = handler.handle(request);
            } catch (RuntimeException e) {
                LOG.warn("The HTTP handler failed on {}: {}", request.path(), e.toString());
                response = Response.text(500, "internal error: " + e);
            }
            Response done = response;
            fromWorkers.add(() -> {
                try {
                    send(done, !request.keepAlive(), false);
                } catch (RuntimeException e) {
                    LOG.debug("Answering {} failed: {}", client.getHostAddress(), e.toString());
                    close();
                }
            });
            selector.wakeup();
        }

        /** Starts writing {@code response}; {@code refused}: the request was bad, read what follows and close. */
        private void send(Response response, boolean close, boolean refused) {
            if (!channel.isOpen()) {
                return;
            }
            String headText = "HTTP/1.1 " + response.status() + " " + reason(response.status()) + "\r\n"
                    + "Content-Type: " + response.contentType() + "\r\n"
                    + "Content-Length: " + response.body().length + "\r\n"
                    + "Connection: " + (close ? "close" : "keep-alive") + "\r\n\r\n";
            out = new ByteBuffer[] {ByteBuffer.wrap(headText.getBytes(StandardCharsets.ISO_8859_1)),
                    ByteBuffer.wrap(response.body())};
            closeAfterAnswer = close;
            state = refused ? State.DRAINING : State.WRITING;
            deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(BODY_TIMEOUT_MILLIS);
            try {
                write();
            } catch (IOException e) {
                LOG.debug("Writing to {} failed: {}", client.getHostAddress(), e.getMessage());
                close();
            }
        }

        private void write() throws IOException {
            if (out == null) {
                return;
            }
            channel.write(out);
            if (out[out.length - 1].hasRemaining()) {
                key.interestOps(SelectionKey.OP_WRITE);
                return;
            }
            out = null;
            lastActive = System.nanoTime();
            if (state == State.DRAINING) {
                // Closing with unread input makes the kernel reset the connection, and the client could
                // lose the answer that says what was wrong: read what it still sends first.
                channel.shutdownOutput();
                deadline = lastActive + TimeUnit.MILLISECONDS.toNanos(DRAIN_TIMEOUT_MILLIS);
                key.interestOps(SelectionKey.OP_READ);
                return;
            }
            if (closeAfterAnswer) {
                close();
                return;
            }
            answered = true;
            state = State.READING;
            deadline = lastActive + TimeUnit.MILLISECONDS.toNanos(in.position() == 0 ? IDLE_TIMEOUT_MILLIS
                    : HEADER_TIMEOUT_MILLIS);
            key.interestOps(SelectionKey.OP_READ);
            if (in.position() > 0) {
                parse(); // a request that came right behind the last one
            }
        }

        private void drain() throws IOException {
            ByteBuffer scratch = in.clear();
            int n = channel.read(scratch);
            drained += Math.max(0, n);
            if (n < 0 || drained >= MAX_DRAIN_BYTES) {
                close();
            }
        }

        private void refuse(BadRequestException e) {
            key.interestOps(0);
            send(Response.text(e.status, e.getMessage()), true, true);
        }

        void close() {
            connections.remove(this);
            if (key != null) {
                key.cancel();
            }
            closeQuietly(channel);
        }
    }

    /**
     * A request's line and headers.
     *
     * @param length the body's length (Content-Length), 0 when there is none
     */
    private record Head(String method, String path, String query, long length, boolean keepAlive) {
        static Head parse(String head) throws BadRequestException {
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
            String target = requestLine[1];
            int question = target.indexOf('?');
            String path = question < 0 ? target : target.substring(0, question);
            String query = question < 0 ? null : target.substring(question + 1);
            return new Head(requestLine[0].toUpperCase(Locale.ROOT), path, query, length, keepAlive);
        }
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

    private static void closeQuietly(java.io.Closeable closeable) {
        try {
            closeable.close();
        } catch (IOException e) {
            LOG.debug("Closing {} failed: {}", closeable, e.getMessage());
        }
    }

    @Override
    public void close() {
        closed = true;
        closeQuietly(server);
        selector.wakeup();
        workers.shutdownNow();
        try {
            io.join(TimeUnit.SECONDS.toMillis(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** One step of a connection's I/O. */
    @FunctionalInterface
    private interface IoStep {
        void run() throws IOException;
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
