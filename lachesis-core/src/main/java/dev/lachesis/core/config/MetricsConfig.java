package dev.lachesis.core.config;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;

/**
 * The {@code metrics} section: where the SPEs' raw metrics are read back from. The whole section is
 * also handed to the chosen {@link dev.lachesis.core.spi.MetricSourceFactory} as a
 * {@link ConfigNode}, so a source reads its own extra keys from {@code settings}. Immutable.
 *
 * @param source the metric source plug-in ({@code graphite} or {@code embedded}); default {@code graphite}
 * @param url where the source answers, e.g. {@code http://127.0.0.1:8080} for Graphite's render API
 * @param window how far back each query looks; default 10 s as in the papers
 * @param connectTimeout how long to wait for a connection; default 1 s
 * @param readTimeout how long to wait for an answer; default 2 s
 * @param queryInterval the shortest time between two queries of the same series: rounds closer together
 *     reuse the last answer (Graphite's points are a second apart); default 500 ms, 0 asks every round
 * @param maxResponse the longest answer read from the source; the source gives the default
 * @param settings source-specific settings
 */
public record MetricsConfig(String source, String url, Duration window, Duration connectTimeout,
                            Duration readTimeout, Duration queryInterval, ByteSize maxResponse, JsonNode settings) {
    /** The key that picks the source's factory, read by the loop and not by the source. */
    public static final String SOURCE_KEY = "source";
    /** The key of {@code queryInterval}, read by the loop and not by the source. */
    public static final String QUERY_INTERVAL_KEY = "query-interval";
    public static final String DEFAULT_SOURCE = "graphite";
    public static final Duration DEFAULT_WINDOW = Duration.ofSeconds(10);
    public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(1);
    public static final Duration DEFAULT_READ_TIMEOUT = Duration.ofSeconds(2);
    public static final Duration DEFAULT_QUERY_INTERVAL = Duration.ofMillis(500);

    public MetricsConfig {
        source = source == null ? DEFAULT_SOURCE : source;
        window = window == null ? DEFAULT_WINDOW : window;
        connectTimeout = connectTimeout == null ? DEFAULT_CONNECT_TIMEOUT : connectTimeout;
        readTimeout = readTimeout == null ? DEFAULT_READ_TIMEOUT : readTimeout;
        queryInterval = queryInterval == null ? DEFAULT_QUERY_INTERVAL : queryInterval;
    }
}
