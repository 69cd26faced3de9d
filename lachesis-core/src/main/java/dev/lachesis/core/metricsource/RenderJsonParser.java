package dev.lachesis.core.metricsource;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import dev.lachesis.core.spi.DataPoint;
import dev.lachesis.core.spi.Series;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the body of Graphite's {@code /render?format=json}:
 * {@code [{"target": "a.b.c", "datapoints": [[7.0, 1795433397], [null, 1795433398]]}]}. A
 * {@code null} value is an empty bucket ({@link DataPoint#missing}), and so is a value that is not a
 * finite number in any spelling ({@code NaN}, {@code Infinity}, graphite-web's {@code 1e9999}, or
 * quoted: {@code "NaN"}, {@code "inf"}, {@code "None"}): one such point must not fail the whole
 * round, nor stand for a queue of infinite length. A quoted number is read as the number. An empty list means no series
 * matched. A series named twice (two patterns matched it) is kept once. Other fields of a series
 * ({@code tags}) are skipped. Takes a string so it is tested without a server. Stateless and
 * thread-safe.
 *
 * <p>It reads the body as a stream of tokens, not as a tree: the daemon parses one answer every
 * round, and building a tree of nodes first was a fifth of a round's own CPU time.
 */
public final class RenderJsonParser {
    private static final JsonFactory JSON = JsonFactory.builder().enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS).build();
    private static final Pattern HTML_TITLE = Pattern.compile("(?is)<title>\\s*(.*?)\\s*</title>");
    private static final int SNIPPET_CHARS = 60;
    /** Spellings of no number, lower-cased, that a quoted value may have. */
    private static final Set<String> NOT_A_NUMBER = Set.of("nan", "-nan", "infinity", "+infinity", "-infinity", "inf",
            "+inf", "-inf", "null", "none", "");

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
            throw new MalformedRenderException("HTML instead of JSON", "HTML instead of JSON"
                    + (title.find() ? " (title '" + snippet(title.group(1)) + "')" : ""));
        }
        try (JsonParser json = JSON.createParser(text)) {
            if (json.nextToken() != JsonToken.START_ARRAY) {
                throw new MalformedRenderException("JSON that is not a list of series",
                        "JSON that is not a list of series: '" + snippet(text) + "'");
            }
            Map<String, Series> byName = new LinkedHashMap<>();
            while (json.nextToken() != JsonToken.END_ARRAY) {
                Series series = series(json, text);
                byName.putIfAbsent(series.name(), series);
            }
            return List.copyOf(byName.values());
        } catch (JsonProcessingException e) {
            throw new MalformedRenderException("malformed JSON", "malformed JSON (" + snippet(e.getOriginalMessage()) + ")");
        } catch (IOException e) {
            throw new IllegalStateException("reading a string failed", e);
        }
    }

    /** Reads the series whose first token the parser is on. */
    private static Series series(JsonParser json, String text) throws IOException, MalformedRenderException {
        int start = offset(json);
        String target = null;
        List<DataPoint> points = null;
        if (json.currentToken() == JsonToken.START_OBJECT) {
            while (json.nextToken() == JsonToken.FIELD_NAME) {
                String field = json.currentName();
                JsonToken value = json.nextToken();
                if (field.equals("target") && value == JsonToken.VALUE_STRING) {
                    target = json.getText();
                } else if (field.equals("datapoints") && value == JsonToken.START_ARRAY) {
                    points = datapoints(json, text, target);
                } else {
                    json.skipChildren();
                }
            }
        } else {
            json.skipChildren();
            json.finishToken(); // a string's end is found only when it is read
        }
        if (target == null || points == null) {
            throw new MalformedRenderException("a series without a text \"target\" and a \"datapoints\" list",
                    "a series without a text \"target\" and a \"datapoints\" list: '"
                    + snippet(text.substring(start, (int) json.currentLocation().getCharOffset())) + "'");
        }
        return new Series(target, points);
    }

    /** Reads a {@code datapoints} list, the parser on its opening bracket. */
    private static List<DataPoint> datapoints(JsonParser json, String text, String target)
            throws IOException, MalformedRenderException {
        List<DataPoint> points = new ArrayList<>();
        while (json.nextToken() != JsonToken.END_ARRAY) {
            int start = offset(json);
            JsonToken value = json.currentToken() == JsonToken.START_ARRAY ? json.nextToken() : null;
            double number = Double.NaN;
            boolean valueOk = value == JsonToken.VALUE_NULL;
            if (value == JsonToken.VALUE_NUMBER_INT || value == JsonToken.VALUE_NUMBER_FLOAT) {
                number = json.getDoubleValue();
                valueOk = true;
            } else if (value == JsonToken.VALUE_STRING) {
                OptionalDouble quoted = quotedNumber(json.getText());
                valueOk = quoted.isPresent();
                number = quoted.orElse(Double.NaN);
            }
            boolean timeOk = valueOk && json.nextToken() == JsonToken.VALUE_NUMBER_INT;
            long seconds = timeOk ? json.getLongValue() : 0;
            if (!timeOk || json.nextToken() != JsonToken.END_ARRAY) {
                throw new MalformedRenderException("a datapoint that is not [value or null, seconds]",
                        "a datapoint that is not [value or null, seconds] in series '"
                        + (target == null ? "?" : target) + "': " + snippet(pointText(text, start)));
            }
            points.add(!Double.isFinite(number) ? DataPoint.missing(seconds) : new DataPoint(seconds, number));
        }
        return points;
    }

    /**
     * A value some writer quoted: a number ({@code "7.5"}) or a spelling of no number ({@code "NaN"},
     * {@code "nan"}, {@code "Infinity"}, {@code "-inf"}, {@code "null"}, {@code "None"}), which is NaN:
     * an empty bucket like its unquoted form. Empty for any other text.
     */
    private static OptionalDouble quotedNumber(String text) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        if (NOT_A_NUMBER.contains(t)) {
            return OptionalDouble.of(Double.NaN);
        }
        try {
            return OptionalDouble.of(Double.parseDouble(t));
        } catch (NumberFormatException e) {
            return OptionalDouble.empty();
        }
    }

    /** The text of a datapoint starting at {@code start}: up to its closing bracket (datapoints are flat). */
    private static String pointText(String text, int start) {
        int end = text.indexOf(']', start);
        return end < 0 ? text.substring(start) : text.substring(start, end + 1);
    }

    /** Where the current token starts in the body. */
    private static int offset(JsonParser json) {
        return (int) json.currentTokenLocation().getCharOffset();
    }

    /** The first characters of {@code text} on one line, for messages. */
    static String snippet(String text) {
        String oneLine = text == null ? "" : text.replaceAll("\\s+", " ").strip();
        return oneLine.length() <= SNIPPET_CHARS ? oneLine : oneLine.substring(0, SNIPPET_CHARS) + "…";
    }
}
