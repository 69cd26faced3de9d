package dev.lachesis.experiments.etl;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Joins the readings of one record, which travel the query one by one, back into one CSV row once
 * all of them arrived: {@code msgid,sensor,timeMs,<fields in SensorFields order>}, a missing value
 * as an empty column. Records whose readings never all arrive are forgotten once more than
 * {@code capacity} records are pending, oldest first. Not thread-safe: one per executor, fed by a
 * fields grouping on the message id.
 */
public final class RecordJoiner {
    private static final class Pending {
        final double[] values = new double[SensorFields.ALL.size()];
        int arrived;

        Pending() {
            Arrays.fill(values, Double.NaN);
        }
    }

    private final Map<String, Pending> pending;

    public RecordJoiner(int capacity) {
        this.pending = new LinkedHashMap<>(16, 0.75f, false) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Pending> eldest) {
                return size() > capacity;
            }
        };
    }

    /** Adds one reading; returns the row once all {@code readings} of its record arrived. */
    public Optional<String> add(String msgId, String sensor, long timeMs, String field, double value, int readings) {
        int column = SensorFields.column(field);
        Pending record = pending.computeIfAbsent(msgId, k -> new Pending());
        if (column >= 0) {
            record.values[column] = value;
        }
        if (++record.arrived < readings) {
            return Optional.empty();
        }
        pending.remove(msgId);
        StringBuilder row = new StringBuilder(96).append(msgId).append(',').append(sensor).append(',').append(timeMs);
        for (double v : record.values) {
            row.append(',');
            if (!Double.isNaN(v)) {
                row.append(String.format(Locale.ROOT, "%.2f", v));
            }
        }
        return Optional.of(row.toString());
    }

    int pendingRecords() {
        return pending.size();
    }
}
