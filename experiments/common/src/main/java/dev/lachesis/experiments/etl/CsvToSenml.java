package dev.lachesis.experiments.etl;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Locale;

/**
 * The last transformation of ETL: turns an annotated CSV row ({@code msgid,sensor,timeMs,<fields in
 * SensorFields order>,site}) back into a SenML pack, leaving out missing values, as the query
 * publishes its output. Thread-safe.
 */
public final class CsvToSenml {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int FIXED_COLUMNS = 3;

    /** @throws IllegalArgumentException naming the row when its columns do not fit the schema */
    public String convert(String row) {
        String[] columns = row.split(",", -1);
        if (columns.length != FIXED_COLUMNS + SensorFields.ALL.size() + 1) {
            throw new IllegalArgumentException("row '" + row + "' does not have "
                    + (FIXED_COLUMNS + SensorFields.ALL.size() + 1) + " columns");
        }
        ObjectNode pack = JSON.createObjectNode();
        pack.put("bn", columns[1] + ":");
        try {
            pack.put("bt", Long.parseLong(columns[2]));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("row '" + row + "' has no time in its third column", e);
        }
        ArrayNode entries = pack.putArray("e");
        entries.addObject().put("n", "msgid").put("sv", columns[0]);
        for (int i = 0; i < SensorFields.ALL.size(); i++) {
            String value = columns[FIXED_COLUMNS + i];
            if (!value.isEmpty()) {
                SensorFields.Field field = SensorFields.ALL.get(i);
                entries.addObject().put("n", field.name()).put("u", field.unit())
                        .put("v", Double.parseDouble(value));
            }
        }
        entries.addObject().put("n", "site").put("sv", columns[columns.length - 1].toLowerCase(Locale.ROOT));
        try {
            return JSON.writeValueAsString(pack);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Jackson could not write a tree it built", e);
        }
    }
}
