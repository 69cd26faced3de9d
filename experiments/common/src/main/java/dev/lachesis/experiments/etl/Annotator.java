package dev.lachesis.experiments.etl;

import java.util.Map;

/**
 * Adds the sensor's site to a joined CSV row, looked up in a small table (RIoTBench's annotate step
 * adds such metadata from a file): the row gains a last column, {@code unknown} for a sensor the
 * table lacks. Sensors are placed on sites round robin: {@code sensor-i} is on site {@code i mod 4}.
 * Immutable.
 */
public final class Annotator {
    private static final String[] SITES = {"north-gate", "library", "canteen", "parking"};
    private static final int SENSORS = 20;

    private final Map<String, String> siteOfSensor;

    public Annotator() {
        Map.Entry<?, ?>[] entries = new Map.Entry<?, ?>[SENSORS];
        for (int i = 0; i < SENSORS; i++) {
            entries[i] = Map.entry("urn:dev:sensor-" + i, SITES[i % SITES.length]);
        }
        @SuppressWarnings("unchecked")
        Map<String, String> table = Map.ofEntries((Map.Entry<String, String>[]) entries);
        this.siteOfSensor = table;
    }

    /** {@code row} with the site of its sensor (its second column) appended. */
    public String annotate(String row) {
        int first = row.indexOf(',');
        int second = row.indexOf(',', first + 1);
        String sensor = first < 0 || second < 0 ? "" : row.substring(first + 1, second);
        return row + ',' + siteOfSensor.getOrDefault(sensor, "unknown");
    }
}
