package dev.lachesis.server.status;

import dev.lachesis.core.config.StatusConfig;
import dev.lachesis.server.http.SmallHttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The status endpoint on the network: {@link StatusHttpApi} served by the same bounded HTTP server
 * as the embedded metric store (a slow or greedy local client cannot keep others from an answer),
 * on the address and port of the {@code status} section. Closing it stops listening.
 */
public final class StatusServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(StatusServer.class);

    private final SmallHttpServer http;

    private StatusServer(SmallHttpServer http) {
        this.http = http;
    }

    /**
     * Starts listening.
     *
     * @throws UncheckedIOException naming the address and port when they cannot be bound (in use,
     *     not an address of this machine)
     */
    public static StatusServer start(StatusConfig config, DaemonStatus status) {
        try {
            InetAddress address = InetAddress.getByName(config.address());
            StatusHttpApi api = new StatusHttpApi(status);
            SmallHttpServer http = SmallHttpServer.start(address, config.port(), "lachesis-status", api::handle);
            LOG.info("Status endpoint at http://{}:{}/status (also /schedule, /health, /metrics)",
                    address.getHostAddress().contains(":") ? "[" + address.getHostAddress() + "]" : address.getHostAddress(),
                    http.port());
            return new StatusServer(http);
        } catch (UnknownHostException e) {
            throw new UncheckedIOException("status.address " + config.address() + " is not an address", e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot listen on status.address " + config.address() + " port "
                    + config.port() + ": " + e.getMessage(), e);
        }
    }

    /** The port listened on (the one chosen when the section said 0). */
    public int port() {
        return http.port();
    }

    @Override
    public void close() {
        http.close();
    }
}
