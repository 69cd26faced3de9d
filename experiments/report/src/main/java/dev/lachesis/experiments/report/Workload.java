package dev.lachesis.experiments.report;

import java.util.Locale;

/**
 * A query on an SPE, one column of Table 1 such as "ETL (Storm)". Immutable.
 *
 * @param spe   {@code storm} or {@code flink}
 * @param query the query, e.g. {@code etl}
 */
public record Workload(String spe, String query) {
    /** The column heading, e.g. {@code ETL (Storm)}, {@code ETL (Storm 1.x)} for {@code storm1}. */
    public String label() {
        String speLabel = spe.equals("storm1") ? "Storm 1.x"
                : Character.toUpperCase(spe.charAt(0)) + spe.substring(1);
        return query.toUpperCase(Locale.ROOT) + " (" + speLabel + ")";
    }
}
