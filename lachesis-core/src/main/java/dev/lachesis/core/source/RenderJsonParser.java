package dev.lachesis.core.source;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.lachesis.core.spi.DataPoint;
import dev.lachesis.core.spi.Series;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the body of Graphite's {@code /render?format=json}:
 * {@code [{"target": "a.b.c", "datapoints": [[7.0, 1795433397], [null, 1795433398]]}]}. A
 * {@code null} value is an empty bucket ({@link DataPoint#missing}); an empty list means no series
 * matched. A series named twice (two patterns matched it) is kept once. Takes a string so it is
 * tested without a server. Stateless and thread-safe.
 */
public final class RenderJsonParser {
    private static final ObjectMapper JSON = JsonMapper.builder().build();
    private static final Pattern HTML_TITLE = Pattern.compile("(?is)<title>\\s*(.*?)\\s*</title>");
    private static final int SNIPPET_CHARS = 60;

    private RenderJsonParser() {
    }

    /**
     * Parses one render answer.
     *
     * @throws MalformedRenderException saying in a few words what the body is instead
     */
    public static List<Series> parse(String body) throws MalformedRenderException {
        String text = body.strip();
        if (text.isEmpty()) {
            throw new MalformedRenderException("an empty body");
        }
        if (text.startsWith("<")) {
            Matcher title = HTML_TITLE.matcher(text);
            throw new MalformedRenderException("HTML instead of JSON"
                    + (title.find() ? " (title '" + snippet(title.group(1)) + "')" : ""));
        }
        JsonNode root;
        try {
            root = JSON.readTree(text);
        } catch (JsonProcessingException e) {
            throw new MalformedRenderException("malformed JSON (" + snippet(e.getOriginalMessage()) + ")");
        }
        if (!root.isArray()) {
            throw new MalformedRenderException("JSON that is not a list of series: '" + snippet(text) + "'");
        }
        Map<String, Series> byName = new LinkedHashMap<>();
        for (JsonNode entry : root) {
            Series series = series(entry);
            byName.putIfAbsent(series.name(), series);
        }
        return List.copyOf(byName.values());
    }

    private static Series series(JsonNode entry) throws MalformedRenderException {
        JsonNode target = entry.get("target");
        JsonNode datapoints = entry.get("datapoints");
        if (target == null || !target.isTextual() || datapoints == null || !datapoints.isArray()) {
            throw new MalformedRenderException("a series without a text \"target\" and a \"datapoints\" list: '"
                    + snippet(entry.toString()) + "'");
        }
        List<DataPoint> points = new ArrayList<>(datapoints.size());
        for (JsonNode point : datapoints) {
            boolean pair = point.isArray() && point.size() == 2;
            JsonNode value = pair ? point.get(0) : null;
            JsonNode time = pair ? point.get(1) : null;
            if (!pair || !time.isIntegralNumber() || !(value.isNull() || value.isNumber())) {
                throw new MalformedRenderException("a datapoint that is not [value or null, seconds] in series '"
                        + target.asText() + "': " + snippet(point.toString()));
            }
            long seconds = time.asLong();
            points.add(value.isNull() ? DataPoint.missing(seconds) : new DataPoint(seconds, value.asDouble()));
        }
        return new Series(target.asText(), points);
    }

    /** The first characters of {@code text} on one line, for messages. */
    static String snippet(String text) {
        String oneLine = text == null ? "" : text.replaceAll("\\s+", " ").strip();
        return oneLine.length() <= SNIPPET_CHARS ? oneLine : oneLine.substring(0, SNIPPET_CHARS) + "…";
    }
}
