package dev.lachesis.core.source.embedded;

import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An abusive local client: holds {@code count} connections to a port, each having sent the start of
 * a request and nothing more, and opens a new one whenever the server drops one, as an attacker who
 * wants to keep a server's workers waiting would. {@link #close()} drops them all.
 */
final class IdleConnections implements AutoCloseable {
    /** Half a request line. */
    static final String PARTIAL_REQUEST_LINE = "GET /render?target=";
    /** A whole head announcing a body that never comes. */
    static final String HEAD_WITHOUT_BODY = "POST /render HTTP/1.1\r\nContent-Length: 1000\r\n\r\ntarget=";
    private static final int CHECK_EVERY_MILLIS = 50;

    private final int port;
    private final byte[] sent;
    private final List<Socket> sockets = new ArrayList<>();
    /** Which of the first {@code count} connections the server has dropped; written by the keeper only. */
    private final boolean[] firstDropped;
    private final AtomicInteger firstDroppedCount = new AtomicInteger();
    private final Thread keeper;
    private volatile boolean closed;

    private IdleConnections(int port, int count, String sent) throws IOException {
        this.port = port;
        this.sent = sent.getBytes(StandardCharsets.ISO_8859_1);
        this.firstDropped = new boolean[count];
        for (int i = 0; i < count; i++) {
            sockets.add(open());
        }
        keeper = new Thread(this::keepOpen, "idle-connections");
        keeper.setDaemon(true);
        keeper.start();
    }

    /**
     * Opens {@code count} connections to {@code port} on the loopback address, sends {@code sent} on
     * each, and keeps that many open.
     */
    static IdleConnections hold(int port, int count, String sent) throws IOException {
        return new IdleConnections(port, count, sent);
    }

    /** Whether the server has dropped every one of the connections opened first (each was opened again). */
    boolean everyFirstConnectionDropped() {
        return firstDroppedCount.get() == firstDropped.length;
    }

    private Socket open() throws IOException {
        Socket socket = new Socket(InetAddress.getLoopbackAddress(), port);
        socket.setSoTimeout(1);
        socket.getOutputStream().write(sent);
        socket.getOutputStream().flush();
        return socket;
    }

    private void keepOpen() {
        while (!closed) {
            for (int i = 0; i < sockets.size() && !closed; i++) {
                if (droppedByServer(sockets.get(i))) {
                    closeQuietly(sockets.get(i));
                    if (!firstDropped[i]) {
                        firstDropped[i] = true;
                        firstDroppedCount.incrementAndGet();
                    }
                    try {
                        sockets.set(i, open());
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
    private static boolean droppedByServer(Socket socket) {
        try {
            byte[] any = new byte[4096];
            return socket.getInputStream().read(any) < 0;
        } catch (SocketTimeoutException e) {
            return false;
        } catch (IOException e) {
            return true;
        }
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
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
        sockets.forEach(IdleConnections::closeQuietly);
    }
}
