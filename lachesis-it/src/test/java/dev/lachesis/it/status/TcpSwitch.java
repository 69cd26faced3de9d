package dev.lachesis.it.status;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;

/**
 * A TCP forwarder on loopback that a test can cut and restore, so the daemon's metric source goes
 * away and comes back on the same port while the store behind it keeps the SPE's metrics. Cutting
 * closes the listening socket and every forwarded connection (a kept-alive one too).
 */
final class TcpSwitch implements AutoCloseable {
    private final int target;
    private final List<Socket> open = new ArrayList<>();
    private int port;
    private ServerSocket server;

    /** Forwards a new port on 127.0.0.1 to {@code target} there. */
    TcpSwitch(int target) throws IOException {
        this.target = target;
        listen(0);
    }

    int port() {
        return port;
    }

    private synchronized void listen(int onPort) throws IOException {
        ServerSocket s = new ServerSocket();
        s.setReuseAddress(true);
        s.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), onPort));
        server = s;
        port = s.getLocalPort();
        Thread accept = new Thread(() -> acceptFrom(s), "tcp-switch-accept");
        accept.setDaemon(true);
        accept.start();
    }

    private void acceptFrom(ServerSocket s) {
        try {
            while (true) {
                Socket client = s.accept();
                Socket upstream = new Socket(InetAddress.getLoopbackAddress(), target);
                synchronized (this) {
                    open.add(client);
                    open.add(upstream);
                }
                pump(client, upstream);
                pump(upstream, client);
            }
        } catch (IOException e) {
            // closed by cut() or close()
        }
    }

    private static void pump(Socket from, Socket to) {
        Thread t = new Thread(() -> {
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                in.transferTo(out);
            } catch (IOException e) {
                // one side closed
            } finally {
                closeQuietly(from);
                closeQuietly(to);
            }
        }, "tcp-switch-pump");
        t.setDaemon(true);
        t.start();
    }

    /** Stops answering: connections are refused and open ones closed. */
    synchronized void cut() {
        closeQuietly(server);
        open.forEach(TcpSwitch::closeQuietly);
        open.clear();
    }

    /** Answers again on the same port. */
    void restore() throws IOException {
        listen(port);
    }

    @Override
    public void close() {
        cut();
    }

    private static void closeQuietly(java.io.Closeable c) {
        try {
            c.close();
        } catch (IOException e) {
            // already closed
        }
    }
}
