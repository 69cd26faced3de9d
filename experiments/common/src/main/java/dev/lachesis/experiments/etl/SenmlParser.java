package dev.lachesis.experiments.etl;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The first step of ETL: reads one SenML pack into its readings, resolving the base name and base
 * time as SenML defines them. Thread-safe (Jackson's mapper is).
 */
public final class SenmlParser {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** One reading of a record. {@code value} is NaN when the entry carries no number. Immutable. */
    public record Reading(String msgId, String sensor, long timeMs, String field, double value, int readings) {
    }

    /**
     * The readings of {@code senml}: one per entry with a numeric or missing value, each carrying the
     * record's message id (the {@code msgid} entry), sensor (base name without its trailing
     * separator) and time (base time plus the entry's own {@code t}).
     *
     * @throws IllegalArgumentException when the text is not a SenML pack with a msgid entry
     */
    public List<Reading> parse(String senml) {
        JsonNode pack;
        try {
            pack = JSON.readTree(senml);
        } catch (IOException e) {
            throw new IllegalArgumentException("not JSON: " + e.getMessage(), e);
        }
        JsonNode entries = pack.path("e");
        String baseName = pack.path("bn").asText("");
        String sensor = baseName.endsWith(":") || baseName.endsWith("/")
                ? baseName.substring(0, baseName.length() - 1) : baseName;
        long baseTime = pack.path("bt").asLong(0);
        String msgId = null;
        for (JsonNode entry : entries) {
            if ("msgid".equals(entry.path("n").asText())) {
                msgId = entry.path("sv").asText();
            }
        }
        if (msgId == null || !entries.isArray()) {
            throw new IllegalArgumentException("a SenML pack needs an entry array with a msgid entry");
        }
        List<Reading> readings = new ArrayList<>(entries.size() - 1);
        for (JsonNode entry : entries) {
            String name = entry.path("n").asText();
            if (!name.equals("msgid")) {
                JsonNode value = entry.path("v");
                readings.add(new Reading(msgId, sensor, baseTime + entry.path("t").asLong(0), name,
                        value.isNumber() ? value.asDouble() : Double.NaN, entries.size() - 1));
            }
        }
        return List.copyOf(readings);
    }
}
