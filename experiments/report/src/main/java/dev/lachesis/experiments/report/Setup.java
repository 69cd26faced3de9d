package dev.lachesis.experiments.report;

import java.util.Locale;

/**
 * What stays fixed along one set of charts: the SPE, the query and how the SPE's idle threads wait.
 * The input rate and the scheduling mode vary within it. Immutable.
 *
 * @param spe          {@code storm} or {@code flink}
 * @param query        the example query, e.g. {@code etl}
 * @param waitStrategy Storm's executor wait strategy ({@code progressive}, {@code park}); {@code none} for Flink
 */
public record Setup(String spe, String query, String waitStrategy) implements Comparable<Setup> {
    /** The prefix of this setup's chart files: {@code <spe>-<query>-<wait_strategy>-}. */
    public String filePrefix() {
        return spe + "-" + query + "-" + waitStrategy + "-";
    }

    /** A title such as {@code ETL on storm (wait strategy progressive)}. */
    public String title() {
        return query.toUpperCase(Locale.ROOT) + " on " + spe
                + (waitStrategy.equals("none") ? "" : " (wait strategy " + waitStrategy + ")");
    }

    @Override
    public int compareTo(Setup other) {
        int bySpe = spe.compareTo(other.spe);
        if (bySpe != 0) {
            return bySpe;
        }
        int byQuery = query.compareTo(other.query);
        return byQuery != 0 ? byQuery : waitStrategy.compareTo(other.waitStrategy);
    }
}
