package dev.lachesis.core.metricsource.graphite;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import dev.lachesis.core.config.ByteSize;
import dev.lachesis.core.config.ConfigException;
import dev.lachesis.core.config.ConfigNode;
import dev.lachesis.core.config.DurationText;
import dev.lachesis.core.config.MetricsConfig;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code metrics} section when {@code source: graphite}: where Graphite's render API answers,
 * how far back each query looks, and how long to wait. The {@code source} key picks the factory and
 * {@code query-interval} is the loop's; neither is read here. Immutable.
 *
 * <pre>
 * metrics:
 *   source: graphite
 *   url: http://127.0.0.1:8080      # graphite-web, without /render
 *   window: 10s                     # how far back each query looks (the papers use 10 s)
 *   connect-timeout: 1s
 *   read-timeout: 2s                # a whole answer must arrive within this
 *   max-response: 8MiB              # a longer answer fails the round instead of filling the heap
 * </pre>
 *
 * @param url graphite-web's base URL; default {@code http://127.0.0.1:8080}
 * @param window how far back each query looks; default 10 s
 * @param connectTimeout how long to wait for a connection; default 1 s
 * @param readTimeout how long to wait for the whole answer; default 2 s
 * @param maxResponse the longest render answer read; default 8 MiB
 */
@JsonIgnoreProperties({MetricsConfig.SOURCE_KEY, MetricsConfig.QUERY_INTERVAL_KEY})
public record GraphiteSourceConfig(String url, Duration window, Duration connectTimeout, Duration readTimeout,
                                   ByteSize maxResponse) {
    public static final String DEFAULT_URL = "http://127.0.0.1:8080";
    public static final Duration DEFAULT_WINDOW = Duration.ofSeconds(10);
    public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(1);
    public static final Duration DEFAULT_READ_TIMEOUT = Duration.ofSeconds(2);
    /**
     * Half of what the shipped 64 MiB heap can afford (see {@link #largestMaxResponse()}): some
     * 400,000 points of 20 bytes, 40,000 series over a 10-second window.
     */
    public static final ByteSize DEFAULT_MAX_RESPONSE = ByteSize.mib(8);
    /** Less than this cannot hold one large topology's answer. */
    public static final ByteSize MIN_MAX_RESPONSE = ByteSize.kib(64);
    /**
     * An answer is held two or three times over at its peak (bytes, text, parsed points): under
     * {@code -Xmx64m} the daemon read a 16 MiB answer every round and ran out of heap on 24 MiB.
     */
    private static final int HEAP_SHARE = 4;

    public GraphiteSourceConfig {
        url = url == null ? DEFAULT_URL : url;
        window = window == null ? DEFAULT_WINDOW : window;
        connectTimeout = connectTimeout == null ? DEFAULT_CONNECT_TIMEOUT : connectTimeout;
        readTimeout = readTimeout == null ? DEFAULT_READ_TIMEOUT : readTimeout;
        maxResponse = maxResponse == null ? DEFAULT_MAX_RESPONSE : maxResponse;
    }

    /** Settings with the defaults and {@code url}, for the CLI and tests. */
    public static GraphiteSourceConfig of(String url) {
        return new GraphiteSourceConfig(url, null, null, null, null);
    }

    /**
     * The largest {@code max-response} this JVM can afford: a quarter of its heap in whole MiB, 15 MiB
     * under the 64 MiB heap {@code bin/lachesis} gives the daemon.
     */
    public static ByteSize largestMaxResponse() {
        long mib = Runtime.getRuntime().maxMemory() / HEAP_SHARE >> 20;
        return mib < 1 ? MIN_MAX_RESPONSE : ByteSize.mib(mib);
    }

    /**
     * Binds and validates {@code node}, reporting every bad value at once.
     *
     * @throws ConfigException one line per problem, naming the key path and line
     */
    public static GraphiteSourceConfig bind(ConfigNode node) throws ConfigException {
        GraphiteSourceConfig config = node.bind(GraphiteSourceConfig.class);
        List<String> problems = new ArrayList<>();
        String badUrl = urlProblem(config.url);
        if (badUrl != null) {
            problems.add(node.problem("url", config.url, badUrl));
        }
        checkAtLeast(node, problems, "window", config.window, Duration.ofSeconds(1));
        checkAtLeast(node, problems, "connect-timeout", config.connectTimeout, Duration.ofMillis(10));
        checkAtLeast(node, problems, "read-timeout", config.readTimeout, Duration.ofMillis(10));
        String badSize = maxResponseProblem(config.maxResponse);
        if (badSize != null) {
            problems.add(node.problem("max-response", config.maxResponse, badSize));
        }
        if (!problems.isEmpty()) {
            throw new ConfigException(problems);
        }
        return config;
    }

    /**
     * Why {@code size} cannot be the limit of a render answer, as a phrase completing "… was 'x' but",
     * or null when it can.
     */
    static String maxResponseProblem(ByteSize size) {
        if (size.bytes() < MIN_MAX_RESPONSE.bytes()) {
            return "must be at least " + MIN_MAX_RESPONSE;
        }
        ByteSize largest = largestMaxResponse();
        if (size.bytes() > largest.bytes()) {
            return "must be at most " + largest + ", a quarter of the daemon's heap; give it more heap first"
                    + " (-Xmx in LACHESIS_JAVA_OPTS)";
        }
        return null;
    }

    /** The base URL as a URI; valid after {@link #bind}. */
    public URI baseUri() {
        return URI.create(url.endsWith("/") ? url.substring(0, url.length() - 1) : url);
    }

    /**
     * Why {@code url} cannot be graphite-web's base address, as a phrase completing "… was 'x' but",
     * or null when it can.
     */
    public static String urlProblem(String url) {
        try {
            URI uri = new URI(url);
            if (!"http".equals(uri.getScheme()) && !"https".equals(uri.getScheme())) {
                return "must be an http:// or https:// URL such as " + DEFAULT_URL;
            }
            if (uri.getHost() == null) {
                return "has no host name";
            }
            if (uri.getQuery() != null || uri.getFragment() != null) {
                return "must not have a query or fragment";
            }
            if (uri.getPath() != null && uri.getPath().endsWith("/render")) {
                return "must be graphite-web's base URL, without /render";
            }
            return null;
        } catch (URISyntaxException e) {
            return "is not a URL (" + e.getReason() + ")";
        }
    }

    private static void checkAtLeast(ConfigNode node, List<String> problems, String key, Duration value,
                                     Duration minimum) {
        if (value.compareTo(minimum) < 0) {
            problems.add(node.problem(key, DurationText.format(value), "must be at least " + DurationText.format(minimum)));
        }
    }
}
