package dev.lachesis.storm1.metrics;

import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One TCP connection to a carbon plaintext receiver, opened when first needed and again after a
 * failure. A batch that cannot be written is dropped (the next one follows a second or a bucket
 * later), and an outage is logged once when it starts and once when it ends, never per batch, so
 * a stopped Graphite does not fill the worker's log or stall the topology for long. Not thread-safe:
 * Storm calls a metrics consumer from its one executor thread.
 */
final class CarbonWriter implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(CarbonWriter.class);
    private static final int CONNECT_TIMEOUT_MS = 2_000;

    private final String host;
    private final int port;
    private Socket socket;
    private Writer out;
    private boolean failing;

    CarbonWriter(String host, int port) {
        this.host = host;
        this.port = port;
    }

    /** Writes {@code lines}; false when they were dropped. */
    boolean write(List<String> lines) {
        try {
            if (out == null) {
                connect();
            }
            for (String line : lines) {
                out.write(line);
            }
            out.flush();
            if (failing) {
                failing = false;
                LOG.info("lachesis-storm1-metrics: writing to carbon at {}:{} again", host, port);
            }
            return true;
        } catch (IOException e) {
            if (!failing) {
                failing = true;
                LOG.warn("lachesis-storm1-metrics: cannot write to carbon at {}:{} ({}); dropping metrics until it "
                        + "answers", host, port, e.toString());
            }
            close();
            return false;
        }
    }

    private void connect() throws IOException {
        Socket fresh = new Socket();
        try {
            fresh.connect(new InetSocketAddress(host, port), CONNECT_TIMEOUT_MS);
            OutputStream stream = fresh.getOutputStream();
            out = new OutputStreamWriter(stream, StandardCharsets.UTF_8);
            socket = fresh;
        } catch (IOException e) {
            fresh.close();
            throw e;
        }
    }

    @Override
    public void close() {
        if (socket != null) {
            try {
                socket.close();
            } catch (IOException e) {
                LOG.debug("lachesis-storm1-metrics: closing the carbon connection failed", e);
            }
        }
        socket = null;
        out = null;
    }
}
