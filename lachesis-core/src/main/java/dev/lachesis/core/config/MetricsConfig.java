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
 * @param maxResponse the longest answer read from the source; the source gives the default
 * @param settings source-specific settings
 */
public record MetricsConfig(String source, String url, Duration window, Duration connectTimeout,
                            Duration readTimeout, ByteSize maxResponse, JsonNode settings) {
    public static final String DEFAULT_SOURCE = "graphite";
    public static final Duration DEFAULT_WINDOW = Duration.ofSeconds(10);
    public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(1);
    public static final Duration DEFAULT_READ_TIMEOUT = Duration.ofSeconds(2);

    public MetricsConfig {
        source = source == null ? DEFAULT_SOURCE : source;
        window = window == null ? DEFAULT_WINDOW : window;
        connectTimeout = connectTimeout == null ? DEFAULT_CONNECT_TIMEOUT : connectTimeout;
        readTimeout = readTimeout == null ? DEFAULT_READ_TIMEOUT : readTimeout;
    }
}
