package dev.lachesis.server.store;

import dev.lachesis.core.config.DurationText;
import dev.lachesis.core.spi.MetricSource;
import dev.lachesis.core.spi.MetricSourceException;
import dev.lachesis.core.spi.Series;
import java.io.IOException;
import java.net.InetAddress;
import java.time.Clock;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A Graphite stand-in inside the daemon, for users without Graphite and for {@code lachesis demo}:
 * an {@link EmbeddedStore} fed by a {@link CarbonPlaintextReceiver} (the SPE reporters point at its
 * carbon port) and read directly by {@link #query}, plus a {@link GraphiteHttpApi} so Grafana or
 * {@code curl} can read it too. Answers the same queries as Graphite with the same results.
 * Thread-safe; {@link #close()} stops both listeners.
 */
public final class EmbeddedMetricSource implements MetricSource {
    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedMetricSource.class);

    private final EmbeddedStore store;
    private final CarbonPlaintextReceiver carbon;
    private final GraphiteHttpApi http;
    private final Duration window;
    private final String address;

    private EmbeddedMetricSource(EmbeddedStore store, CarbonPlaintextReceiver carbon, GraphiteHttpApi http,
                                 Duration window, String address) {
        this.store = store;
        this.carbon = carbon;
        this.http = http;
        this.window = window;
        this.address = address;
    }

    /**
     * Starts the store and its listeners.
     *
     * @param settings validated settings (see {@link EmbeddedSourceConfig#bind})
     * @param window the default query window
     * @throws IOException naming the address and port that could not be bound
     */
    public static EmbeddedMetricSource start(EmbeddedStoreConfig settings, Duration window, Clock clock)
            throws IOException {
        InetAddress address = settings.address();
        if (address == null) {
            throw new IOException("bind-address '" + settings.bindAddress() + "' is not an IP address");
        }
        EmbeddedStore store = new EmbeddedStore(settings.maxSeries(), settings.retention(), clock);
        CarbonPlaintextReceiver carbon = CarbonPlaintextReceiver.start(store, address, settings.carbonPort());
        GraphiteHttpApi http;
        try {
            http = GraphiteHttpApi.start(store, clock, address, settings.httpPort());
        } catch (IOException e) {
            carbon.close();
            throw e;
        }
        EmbeddedMetricSource source = new EmbeddedMetricSource(store, carbon, http, window, address.getHostAddress());
        LOG.info("Embedded metric store: carbon plaintext on {}:{}, HTTP on http://{}:{}, up to {} series x {}"
                        + " (at most {} MiB of points)", source.address, carbon.port(), source.address, http.port(),
                settings.maxSeries(), DurationText.format(settings.retention()),
                (settings.maxPointBytes() + (1 << 20) - 1) >> 20);
        return source;
    }

    @Override
    public List<Series> query(Collection<String> patterns, Duration window) throws MetricSourceException {
        try {
            return store.query(patterns, window);
        } catch (IllegalArgumentException e) {
            throw new MetricSourceException("embedded store cannot query " + patterns + ": " + e.getMessage(), e);
        }
    }

    @Override
    public Duration defaultWindow() {
        return window;
    }

    @Override
    public String describe() {
        return "embedded (carbon " + address + ":" + carbonPort() + ", http://" + address + ":" + httpPort() + ")";
    }

    /** The store itself, for the HTTP-free tests and the CLI. */
    public EmbeddedStore store() {
        return store;
    }

    /** The carbon plaintext port it listens on. */
    public int carbonPort() {
        return carbon.port();
    }

    /** The HTTP port it listens on. */
    public int httpPort() {
        return http.port();
    }

    @Override
    public void close() {
        http.close();
        carbon.close();
        LOG.info("Embedded metric store stopped");
    }
}
