package dev.lachesis.server.store;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An abusive local client: holds {@code count} connections to a port on the loopback address, each
 * having sent the start of a request and nothing more, and opens a new one whenever the server drops
 * one, as an attacker who wants to keep a server's workers waiting would. {@link #close()} drops them
 * all. Polls without blocking, so it takes little of the CPU the server under test needs.
 */
final class IdleConnections implements AutoCloseable {
    /** Half a request line. */
    static final String PARTIAL_REQUEST_LINE = "GET /render?target=";
    /** A whole head announcing a body that never comes. */
    static final String HEAD_WITHOUT_BODY = "POST /render HTTP/1.1\r\nContent-Length: 1000\r\n\r\ntarget=";
    private static final int CHECK_EVERY_MILLIS = 50;

    private final int port;
    private final byte[] sent;
    private final List<InetAddress> from;
    private final List<SocketChannel> channels = new ArrayList<>();
    /** Which of the first {@code count} connections the server has dropped; written by the keeper only. */
    private final boolean[] firstDropped;
    private final AtomicInteger firstDroppedCount = new AtomicInteger();
    private final ByteBuffer discarded = ByteBuffer.allocate(4096);
    private final Thread keeper;
    private volatile boolean closed;

    private IdleConnections(int port, int count, String sent, List<InetAddress> from) throws IOException {
        this.port = port;
        this.sent = sent.getBytes(StandardCharsets.ISO_8859_1);
        this.from = List.copyOf(from);
        this.firstDropped = new boolean[count];
        for (int i = 0; i < count; i++) {
            channels.add(open(i));
        }
        keeper = new Thread(this::keepOpen, "idle-connections");
        keeper.setDaemon(true);
        keeper.start();
    }

    /**
     * Opens {@code count} connections to {@code port} on the loopback address, the i-th from local
     * address {@code from[i % from.size()]}, sends {@code sent} on each, and keeps that many open.
     */
    static IdleConnections hold(int port, int count, String sent, List<InetAddress> from) throws IOException {
        return new IdleConnections(port, count, sent, from);
    }

    /** Whether the server has dropped every one of the connections opened first (each was opened again). */
    boolean everyFirstConnectionDropped() {
        return firstDroppedCount.get() == firstDropped.length;
    }

    private SocketChannel open(int index) throws IOException {
        SocketChannel channel = SocketChannel.open();
        try {
            channel.bind(new InetSocketAddress(from.get(index % from.size()), 0));
            channel.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
            channel.write(ByteBuffer.wrap(sent));
            channel.configureBlocking(false);
            return channel;
        } catch (IOException e) {
            channel.close();
            throw e;
        }
    }

    private void keepOpen() {
        while (!closed) {
            for (int i = 0; i < channels.size() && !closed; i++) {
                if (droppedByServer(channels.get(i))) {
                    closeQuietly(channels.get(i));
                    if (!firstDropped[i]) {
                        firstDropped[i] = true;
                        firstDroppedCount.incrementAndGet();
                    }
                    try {
                        channels.set(i, open(i));
                    } catch (IOException e) {
                        // the server refused a connection; try again next time round
                    }
                }
            }
            try {
                Thread.sleep(CHECK_EVERY_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** Whether the server closed (or reset) the connection; anything it sent is read and ignored. */
    private boolean droppedByServer(SocketChannel channel) {
        try {
            discarded.clear();
            return channel.read(discarded) < 0;
        } catch (IOException e) {
            return true;
        }
    }

    private static void closeQuietly(SocketChannel channel) {
        try {
            channel.close();
        } catch (IOException e) {
            // already gone
        }
    }

    @Override
    public void close() {
        closed = true;
        keeper.interrupt();
        try {
            keeper.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        channels.forEach(IdleConnections::closeQuietly);
    }
}
