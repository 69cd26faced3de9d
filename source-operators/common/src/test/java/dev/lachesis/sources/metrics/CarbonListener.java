package dev.lachesis.sources.metrics;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A carbon plaintext receiver ({@code <path> <value> <epoch seconds>} per line) on a free port of
 * 127.0.0.1, keeping every point it is sent, for machines without Graphite. Thread-safe.
 */
final class CarbonListener implements MetricStore {
    private static final Logger LOG = LoggerFactory.getLogger(CarbonListener.class);
    private final ServerSocket server;
    private final ConcurrentLinkedQueue<MetricPoint> received = new ConcurrentLinkedQueue<>();
    private final List<Thread> threads = new ArrayList<>();

    private CarbonListener(ServerSocket server) {
        this.server = server;
    }

    static CarbonListener start() throws IOException {
        CarbonListener listener = new CarbonListener(new ServerSocket(0, 50, InetAddress.getLoopbackAddress()));
        listener.spawn("carbon-listener-accept", listener::accept);
        return listener;
    }

    private synchronized void spawn(String name, Runnable body) {
        Thread thread = new Thread(body, name);
        thread.setDaemon(true);
        threads.add(thread);
        thread.start();
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket socket = server.accept();
                spawn("carbon-listener-read", () -> read(socket));
            } catch (SocketException closed) {
                return;
            } catch (IOException e) {
                throw new IllegalStateException("carbon listener failed", e);
            }
        }
    }

    private void read(Socket socket) {
        try (socket; BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                String[] parts = line.trim().split(" ");
                if (parts.length == 3) {
                    received.add(new MetricPoint(parts[0], Double.parseDouble(parts[1]), Long.parseLong(parts[2])));
                }
            }
        } catch (IOException | NumberFormatException e) {
            LOG.warn("Carbon listener stopped reading a reporter connection: {}", e.toString());
        }
    }

    @Override
    public String carbonHost() {
        return "127.0.0.1";
    }

    @Override
    public int carbonPort() {
        return server.getLocalPort();
    }

    @Override
    public List<MetricPoint> points(String glob) {
        Pattern pattern = globToRegex(glob);
        return received.stream().filter(p -> pattern.matcher(p.path()).matches()).toList();
    }

    /** Graphite globs: {@code *} within a segment, {@code {a,b}} alternatives. */
    static Pattern globToRegex(String glob) {
        StringBuilder regex = new StringBuilder();
        for (char c : glob.toCharArray()) {
            switch (c) {
                case '*' -> regex.append("[^.]*");
                case '{' -> regex.append("(?:");
                case '}' -> regex.append(')');
                case ',' -> regex.append('|');
                default -> regex.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return Pattern.compile(regex.toString());
    }

    @Override
    public String describe() {
        return "carbon listener on 127.0.0.1:" + carbonPort();
    }

    @Override
    public void close() throws IOException {
        server.close();
        for (Thread thread : threads) {
            thread.interrupt();
        }
    }
}
