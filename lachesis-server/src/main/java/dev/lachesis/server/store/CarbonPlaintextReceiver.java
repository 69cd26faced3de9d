package dev.lachesis.server.store;

import dev.lachesis.core.logging.OnceLog;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Comparator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Accepts carbon's plaintext protocol over TCP ({@code path value timestamp\n}, any number of lines
 * per connection) and stores each point in an {@link EmbeddedStore}. This is what the Storm and
 * Flink Graphite reporters speak by default (both use Dropwizard's plaintext {@code Graphite}
 * sender; neither uses the pickle protocol), so no pickle listener exists. A malformed line is
 * skipped; the first one is logged at warn, later ones at debug. Lines longer than
 * {@value #MAX_LINE_CHARS} characters are refused (logged once), so a broken client cannot exhaust
 * memory. At most {@value #MAX_CONNECTIONS} connections are open at once, one thread each: a new one
 * beyond that closes the connection that has sent nothing for the longest time (logged once), so
 * connections held open without sending — any local user can open them — cannot lock out the SPE's
 * reporters, which send every reporting period; a connection silent for {@link #IDLE_TIMEOUT_MILLIS}
 * is closed too (a reporter reconnects when it sends next). Thread-safe.
 */
public final class CarbonPlaintextReceiver implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(CarbonPlaintextReceiver.class);
    private static final int MAX_LINE_CHARS = 4096;
    private static final int MAX_CONNECTIONS = 256;
    /** Longer than any reporting period a user would set (Flink's default is 10 s, Storm's 60 s). */
    static final int IDLE_TIMEOUT_MILLIS = 10 * 60 * 1000;

    private final EmbeddedStore store;
    private final ServerSocket server;
    private final ExecutorService connections;
    /** Each open connection → when it last sent a line, or connected ({@link System#nanoTime()}). */
    private final Map<Socket, AtomicLong> open = new ConcurrentHashMap<>();
    private final OnceLog limits = new OnceLog(LOG);
    private final AtomicLong malformed = new AtomicLong();
    private final Thread acceptor;
    private volatile boolean closed;

    private CarbonPlaintextReceiver(EmbeddedStore store, ServerSocket server) {
        this.store = store;
        this.server = server;
        AtomicInteger count = new AtomicInteger();
        this.connections = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "lachesis-carbon-" + count.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        this.acceptor = new Thread(this::acceptLoop, "lachesis-carbon-accept");
        this.acceptor.setDaemon(true);
    }

    /**
     * Listens on {@code address:port} (port 0 picks a free one) and starts accepting.
     *
     * @throws IOException when the port cannot be bound, e.g. it is in use
     */
    public static CarbonPlaintextReceiver start(EmbeddedStore store, InetAddress address, int port) throws IOException {
        ServerSocket server = new ServerSocket();
        try {
            server.setReuseAddress(true);
            server.bind(new InetSocketAddress(address, port), 128);
        } catch (IOException e) {
            server.close();
            throw new IOException("cannot listen for carbon plaintext on " + address.getHostAddress() + ":" + port
                    + ": " + e.getMessage(), e);
        }
        CarbonPlaintextReceiver receiver = new CarbonPlaintextReceiver(store, server);
        receiver.acceptor.start();
        return receiver;
    }

    /** The port it listens on. */
    public int port() {
        return server.getLocalPort();
    }

    /** How many malformed lines were skipped so far. */
    public long malformedLines() {
        return malformed.get();
    }

    private void acceptLoop() {
        while (!closed) {
            try {
                Socket socket = server.accept();
                if (open.size() >= MAX_CONNECTIONS) {
                    closeQuietest(socket);
                }
                socket.setSoTimeout(IDLE_TIMEOUT_MILLIS);
                open.put(socket, new AtomicLong(System.nanoTime()));
                connections.execute(() -> receive(socket));
            } catch (IOException e) {
                if (!closed) {
                    LOG.warn("Carbon receiver on port {} stopped accepting: {}", port(), e.getMessage());
                }
                return;
            }
        }
    }

    /** Makes room for {@code arriving}: closes the open connection that has been silent longest. */
    private void closeQuietest(Socket arriving) {
        open.entrySet().stream().min(Comparator.comparingLong(e -> e.getValue().get())).ifPresent(quietest -> {
            long silentMillis = (System.nanoTime() - quietest.getValue().get()) / 1_000_000;
            limits.warnThenDebug("connections", "{} carbon connections are open; closing the one from {}, silent for {} "
                            + "ms, for a new one from {} (further ones are logged at debug)", MAX_CONNECTIONS,
                    quietest.getKey().getRemoteSocketAddress(), silentMillis, arriving.getRemoteSocketAddress());
            open.remove(quietest.getKey());
            try {
                quietest.getKey().close();
            } catch (IOException e) {
                LOG.debug("Closing a carbon connection failed: {}", e.getMessage());
            }
        });
    }

    private void receive(Socket socket) {
        String peer = socket.getRemoteSocketAddress().toString();
        AtomicLong lastLine = open.get(socket);
        try (socket; BufferedReader in = new BufferedReader(
                new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8))) {
            StringBuilder line = new StringBuilder();
            boolean tooLong = false;
            int c;
            while ((c = in.read()) >= 0) {
                if (c == '\n') {
                    if (lastLine != null) {
                        lastLine.set(System.nanoTime());
                    }
                    if (tooLong) {
                        rejected("a line longer than " + MAX_LINE_CHARS + " characters", line.toString(), peer);
                    } else if (!line.toString().isBlank()) {
                        accept(line.toString(), peer);
                    }
                    line.setLength(0);
                    tooLong = false;
                } else if (line.length() < MAX_LINE_CHARS) {
                    line.append((char) c);
                } else {
                    tooLong = true;
                }
            }
            if (!tooLong && !line.toString().isBlank()) {
                accept(line.toString(), peer);
            }
        } catch (SocketTimeoutException e) {
            LOG.debug("Carbon connection from {} sent nothing for {} ms; closed", peer, IDLE_TIMEOUT_MILLIS);
        } catch (SocketException e) {
            LOG.debug("Carbon connection from {} ended: {}", peer, e.getMessage());
        } catch (IOException e) {
            LOG.debug("Carbon connection from {} failed: {}", peer, e.getMessage());
        } finally {
            open.remove(socket);
        }
    }

    private void accept(String line, String peer) {
        CarbonLine point;
        try {
            point = CarbonLine.parse(line.endsWith("\r") ? line.substring(0, line.length() - 1) : line);
        } catch (IllegalArgumentException e) {
            rejected(e.getMessage(), line, peer);
            return;
        }
        store.put(point.path(), point.value(), point.epochSeconds());
    }

    private void rejected(String reason, String line, String peer) {
        malformed.incrementAndGet();
        String shown = line.length() > 200 ? line.substring(0, 200) + "…" : line;
        limits.warnThenDebug("malformed", "Skipping malformed carbon line from {}: '{}' ({}); further ones are logged at "
                + "debug", peer, shown, reason);
    }

    @Override
    public void close() {
        closed = true;
        try {
            server.close();
        } catch (IOException e) {
            LOG.debug("Closing the carbon listener failed: {}", e.getMessage());
        }
        for (Socket socket : open.keySet()) {
            try {
                socket.close();
            } catch (IOException e) {
                LOG.debug("Closing a carbon connection failed: {}", e.getMessage());
            }
        }
        connections.shutdownNow();
    }
}
