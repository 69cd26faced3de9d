package dev.lachesis.experiments.run;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;

/**
 * A Graphite the user runs on this machine (Debian's {@code graphite-carbon} and
 * {@code graphite-web}, set up by {@code deploy/graphite/graphite.sh}), as an experiment's metric
 * store: the experiment only checks that both ports answer and leaves it running when it ends.
 * Immutable.
 */
public final class LocalGraphite implements MetricStore {
    private static final int CONNECT_TIMEOUT_MILLIS = 2_000;

    private final int carbonPort;
    private final int httpPort;

    private LocalGraphite(int carbonPort, int httpPort) {
        this.carbonPort = carbonPort;
        this.httpPort = httpPort;
    }

    /**
     * The Graphite on 127.0.0.1 whose carbon receiver takes plaintext on {@code carbonPort} and
     * whose graphite-web answers on {@code httpPort}.
     *
     * @throws IOException naming the port that does not answer and how to start Graphite
     */
    public static LocalGraphite at(int carbonPort, int httpPort) throws IOException {
        answers(carbonPort, "carbon's plaintext receiver");
        answers(httpPort, "graphite-web");
        return new LocalGraphite(carbonPort, httpPort);
    }

    private static void answers(int port, String what) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), CONNECT_TIMEOUT_MILLIS);
        } catch (IOException e) {
            throw new IOException("no " + what + " on 127.0.0.1:" + port + " (" + e.getMessage()
                    + "); start Graphite with deploy/graphite/graphite.sh", e);
        }
    }

    @Override
    public int carbonPort() {
        return carbonPort;
    }

    @Override
    public int httpPort() {
        return httpPort;
    }

    @Override
    public String describe() {
        return "Graphite on 127.0.0.1 (carbon plaintext " + carbonPort + ", render API " + httpPort + ")";
    }

    /** Leaves Graphite running: the user started it. */
    @Override
    public void close() {
        // Nothing of Graphite's was started by the experiment.
    }
}
