package dev.lachesis.core.metricsource.graphite;

import dev.lachesis.core.config.DurationText;
import dev.lachesis.core.http.BlockingHttp;
import dev.lachesis.core.logging.ConditionLog;
import dev.lachesis.core.metricsource.MalformedRenderException;
import dev.lachesis.core.metricsource.RenderJsonParser;
import dev.lachesis.core.spi.MetricSource;
import dev.lachesis.core.spi.MetricSourceException;
import dev.lachesis.core.spi.Series;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads raw series from Graphite's render API: one request per query carrying every pattern as a
 * {@code target=} parameter, {@code format=json}, {@code from=-<window>s}. The request is a GET, or
 * a form POST when the targets would make the URL too long for a web server. graphite-web (Django)
 * refuses a request with more than 1,000 parameters, so more than {@value #MAX_TARGETS_PER_REQUEST}
 * patterns are split into several requests, sent one after the other. Whatever goes wrong
 * (refused, timed out, HTTP error, HTML or broken JSON, an answer longer than {@code max-response})
 * becomes a {@link MetricSourceException} whose one-line message names the URL and the targets; the
 * daemon's loop logs it once when it starts and once when it clears, and this class adds one line
 * when a failure changes its kind ({@link ConditionLog}), never with a stack trace above debug. Null
 * points and empty answers are data. An HTTP 5xx answer is asked once more before it counts (graphite-web
 * fails a request while carbon creates a whisper file it matches). Requests block the calling thread
 * ({@link BlockingHttp}) and reuse one kept-alive connection.
 * Thread-safe.
 */
public final class GraphiteMetricSource implements MetricSource {
    private static final Logger LOG = LoggerFactory.getLogger(GraphiteMetricSource.class);
    /** Longer URLs go as a POST body: proxies and servers commonly cap a request line near 8 KiB. */
    private static final int MAX_GET_URI_CHARS = 4000;
    /** Below Django's default {@code DATA_UPLOAD_MAX_NUMBER_FIELDS} of 1,000, with room for the other parameters. */
    static final int MAX_TARGETS_PER_REQUEST = 500;
    private static final int TARGETS_NAMED = 3;
    private static final int SERVER_ERROR = 500;
    private static final int BODY_SNIPPET_CHARS = 80;

    private final URI base;
    private final URI render;
    private final Duration window;
    private final BlockingHttp http;
    private final ConditionLog health;

    public GraphiteMetricSource(GraphiteSourceConfig config) {
        this.base = config.baseUri();
        this.render = URI.create(base + "/render");
        this.window = config.window();
        this.http = new BlockingHttp(config.connectTimeout(), config.readTimeout(), config.maxResponse());
        this.health = ConditionLog.quiet(LOG);
    }

    @Override
    public List<Series> query(Collection<String> patterns, Duration window) throws MetricSourceException {
        List<String> all = List.copyOf(patterns);
        if (all.size() <= MAX_TARGETS_PER_REQUEST) {
            return queryOnce(all, window);
        }
        Map<String, Series> byName = new LinkedHashMap<>();
        for (int from = 0; from < all.size(); from += MAX_TARGETS_PER_REQUEST) {
            List<String> part = all.subList(from, Math.min(all.size(), from + MAX_TARGETS_PER_REQUEST));
            for (Series s : queryOnce(part, window)) {
                byName.putIfAbsent(s.name(), s);
            }
        }
        return List.copyOf(byName.values());
    }

    private List<Series> queryOnce(List<String> patterns, Duration window) throws MetricSourceException {
        if (patterns.isEmpty()) {
            return List.of();
        }
        String form = form(patterns, window);
        BlockingHttp.Response response = send(form, patterns);
        if (response.status() >= SERVER_ERROR) {
            // graphite-web answers 500 for the whole request while carbon is still writing the header of a
            // new whisper file that a pattern matches (struct.error in its exception log): a moment later the
            // same request succeeds, so a new topology's first series does not cost the round.
            response = send(form, patterns);
        }
        if (response.status() != 200) {
            throw failed(patterns, "http-" + response.status(), "answered HTTP " + response.status()
                    + bodySnippet(response.body()), null);
        }
        try {
            List<Series> series = RenderJsonParser.parse(response.body());
            health.cleared(healthKey());
            return series;
        } catch (MalformedRenderException e) {
            throw failed(patterns, e.kind(), "returned " + e.getMessage(), null);
        }
    }

    @Override
    public Duration defaultWindow() {
        return window;
    }

    @Override
    public String describe() {
        return base.toString();
    }

    @Override
    public String toString() {
        return "GraphiteMetricSource[" + base + ", window " + DurationText.format(window) + "]";
    }

    private static String form(Collection<String> patterns, Duration window) {
        long seconds = Math.max(1, (window.toMillis() + 999) / 1000);
        StringBuilder form = new StringBuilder();
        for (String pattern : patterns) {
            form.append("target=").append(URLEncoder.encode(pattern, StandardCharsets.UTF_8)).append('&');
        }
        return form.append("format=json&from=-").append(seconds).append('s').toString();
    }

    /** Sends {@code form} as a GET, or as a POST when the URL would be too long. */
    private BlockingHttp.Response send(String form, Collection<String> patterns) throws MetricSourceException {
        try {
            if (render.toString().length() + 1 + form.length() <= MAX_GET_URI_CHARS) {
                return http.get(URI.create(render + "?" + form));
            }
            return http.postForm(render, form);
        } catch (BlockingHttp.Failure e) {
            throw switch (e.kind()) {
                case CONNECT_TIMEOUT -> failed(patterns, "connect-timeout", "could not be reached within "
                        + DurationText.format(http.connectTimeout()), e);
                case READ_TIMEOUT -> failed(patterns, "timeout", "did not answer within "
                        + DurationText.format(http.readTimeout()), e);
                case REFUSED -> failed(patterns, "refused", "refused the connection", e);
                case TOO_LARGE -> failed(patterns, "too-large", "sent " + e.getMessage() + " (max-response)", e);
                case IO -> failed(patterns, "io", "could not be queried (" + e.getCause() + ")", e);
                case INTERRUPTED -> new MetricSourceException("query to Graphite at " + base + " was interrupted");
            };
        }
    }

    private MetricSourceException failed(Collection<String> patterns, String condition, String problem, Throwable cause) {
        String message = "Graphite at " + base + " " + problem + " for targets " + describeTargets(patterns);
        health.failed(healthKey(), condition, message, cause);
        return new MetricSourceException(message, cause);
    }

    /** What fails and recovers, in the health log. */
    private String healthKey() {
        return "Graphite at " + base;
    }

    /** The first few patterns, quoted, and how many more there are. */
    static String describeTargets(Collection<String> patterns) {
        String named = patterns.stream().limit(TARGETS_NAMED).map(p -> "'" + p + "'").collect(Collectors.joining(", "));
        int more = patterns.size() - TARGETS_NAMED;
        return more > 0 ? named + " and " + more + " more" : named;
    }

    private static String bodySnippet(String body) {
        String oneLine = body.replaceAll("<[^>]*>", " ").replaceAll("\\s+", " ").strip();
        if (oneLine.isEmpty()) {
            return "";
        }
        return " (" + (oneLine.length() <= BODY_SNIPPET_CHARS ? oneLine : oneLine.substring(0, BODY_SNIPPET_CHARS) + "…")
                + ")";
    }
}
