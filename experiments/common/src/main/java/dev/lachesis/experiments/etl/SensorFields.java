package dev.lachesis.experiments.etl;

import java.util.List;

/**
 * The sensor fields of the ETL query's records, in the order the joined CSV row lists them, with
 * the range a valid reading lies in (the range filter's table, like RIoTBench's per-field limits).
 * Immutable.
 */
public final class SensorFields {
    /** One field: its SenML name and unit, and the inclusive range of valid readings. */
    public record Field(String name, String unit, double min, double max) {
        public boolean inRange(double value) {
            return value >= min && value <= max;
        }
    }

    /** Every field of a record, in CSV column order. */
    public static final List<Field> ALL = List.of(
            new Field("temperature", "Cel", -40, 60),
            new Field("humidity", "%RH", 0, 100),
            new Field("light", "lx", 0, 20_000),
            new Field("dust", "ug/m3", 0, 500),
            new Field("airquality", "AQI", 0, 500));

    private SensorFields() {
    }

    /** The field called {@code name}, or null when the table has none. */
    public static Field named(String name) {
        for (Field field : ALL) {
            if (field.name().equals(name)) {
                return field;
            }
        }
        return null;
    }

    /** The CSV column of {@code name}, or -1. */
    static int column(String name) {
        for (int i = 0; i < ALL.size(); i++) {
            if (ALL.get(i).name().equals(name)) {
                return i;
            }
        }
        return -1;
    }
}
