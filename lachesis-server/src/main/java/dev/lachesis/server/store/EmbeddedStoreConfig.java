package dev.lachesis.server.store;

import dev.lachesis.core.config.ConfigNode;
import dev.lachesis.core.config.DurationText;
import dev.lachesis.server.http.SmallHttpServer;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * How the embedded store listens and how much it keeps: {@code metrics.settings} when
 * {@code source: embedded}, and the options of {@code lachesis store}. Memory is bounded by
 * {@code max-series × retention} points of 16 bytes (10,000 series × 60 s ≈ 9 MiB), plus at most
 * ~20 MiB of HTTP requests being read (the limits are in {@code SmallHttpServer}). Immutable.
 *
 * <pre>
 * metrics:
 *   source: embedded
 *   window: 10s
 *   settings:
 *     bind-address: 127.0.0.1   # where both listeners bind
 *     carbon-port: 2003         # carbon plaintext for the SPE reporters; 0 picks a free port
 *     http-port: 8080           # Graphite's /render and /metrics/find; 0 picks a free port
 *     max-series: 10000
 *     retention: 60s            # at least the window
 * </pre>
 *
 * @param bindAddress where the listeners bind; default {@code 127.0.0.1}
 * @param carbonPort the carbon plaintext port; default 2003
 * @param httpPort the HTTP port; default 8080
 * @param maxSeries how many series are kept at most; default 10,000
 * @param retention how long points are kept, in 1-second buckets; default 60 s
 */
public record EmbeddedStoreConfig(String bindAddress, Integer carbonPort, Integer httpPort, Integer maxSeries,
                                  Duration retention) {
    public static final String DEFAULT_BIND_ADDRESS = "127.0.0.1";
    public static final int DEFAULT_CARBON_PORT = 2003;
    public static final int DEFAULT_HTTP_PORT = 8080;
    public static final int DEFAULT_MAX_SERIES = 10_000;
    public static final Duration DEFAULT_RETENTION = Duration.ofSeconds(60);
    /** One hour of 1-second buckets, as the Graphite schema the project's script sets up. */
    public static final Duration MAX_RETENTION = Duration.ofHours(1);
    public static final int MAX_SERIES_LIMIT = 1_000_000;
    private static final int BYTES_PER_POINT = 16;

    public EmbeddedStoreConfig {
        bindAddress = Objects.requireNonNullElse(bindAddress, DEFAULT_BIND_ADDRESS);
        carbonPort = Objects.requireNonNullElse(carbonPort, DEFAULT_CARBON_PORT);
        httpPort = Objects.requireNonNullElse(httpPort, DEFAULT_HTTP_PORT);
        maxSeries = Objects.requireNonNullElse(maxSeries, DEFAULT_MAX_SERIES);
        retention = Objects.requireNonNullElse(retention, DEFAULT_RETENTION);
    }

    /** The defaults. */
    public static EmbeddedStoreConfig defaults() {
        return new EmbeddedStoreConfig(null, null, null, null, null);
    }

    /** A copy listening on other ports. */
    public EmbeddedStoreConfig withPorts(int carbon, int http) {
        return new EmbeddedStoreConfig(bindAddress, carbon, http, maxSeries, retention);
    }

    /** The most memory the points can take, in bytes. */
    public long maxPointBytes() {
        return (long) maxSeries * retention.getSeconds() * BYTES_PER_POINT;
    }

    /**
     * Adds one line per bad value to {@code problems}, each naming the key under {@code node}.
     *
     * @param node the node these settings were bound from, for key paths and lines
     * @param window the query window, which the retention must cover
     */
    public void validate(ConfigNode node, Duration window, List<String> problems) {
        if (address() == null) {
            problems.add(node.problem("bind-address", bindAddress, "must be an IP address such as 127.0.0.1"));
        }
        checkPort(node, "carbon-port", carbonPort, problems);
        checkPort(node, "http-port", httpPort, problems);
        if (carbonPort == httpPort.intValue() && carbonPort != 0) {
            problems.add(node.problem("http-port", httpPort, "must differ from carbon-port"));
        }
        if (maxSeries < 1 || maxSeries > MAX_SERIES_LIMIT) {
            problems.add(node.problem("max-series", maxSeries, "must be between 1 and " + MAX_SERIES_LIMIT));
        }
        Duration minimum = window.compareTo(Duration.ofSeconds(1)) > 0 ? window : Duration.ofSeconds(1);
        if (retention.compareTo(minimum) < 0 || retention.compareTo(MAX_RETENTION) > 0
                || retention.toMillis() % 1000 != 0) {
            problems.add(node.problem("retention", DurationText.format(retention), "must be whole seconds from "
                    + DurationText.format(minimum) + " (the window) to " + DurationText.format(MAX_RETENTION)));
        }
    }

    /** The bind address, or null when it is not a literal IP address. */
    InetAddress address() {
        if (!bindAddress.matches("[0-9.]+|[0-9a-fA-F:]+")) {
            return null;
        }
        try {
            return InetAddress.getByName(bindAddress);
        } catch (UnknownHostException e) {
            return null;
        }
    }

    private static void checkPort(ConfigNode node, String key, int port, List<String> problems) {
        if (port < 0 || port > 65_535) {
            problems.add(node.problem(key, port, "must be a port from 0 (any free port) to 65535"));
        }
    }
}
