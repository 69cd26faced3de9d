package dev.lachesis.experiments.launch;

import dev.lachesis.experiments.shapes.RandomShape;
import java.util.Set;

/**
 * Where to count the tuples that tell whether a query keeps up with its input rate. ETL, fanout, chain
 * and the pipeline deliver about one tuple at the sink per record, so the sink's throughput is
 * compared with the rate (the papers' measure). STATS aggregates (about one chart per three
 * records), SYN's operators filter (a query's selectivity is drawn from 0.01 to 1) and Linear Road
 * notifies about one report in two, and a generated shape ({@link RandomShape}, labelled
 * {@code random} or {@code random-<seed>}) draws each operator's selectivity, so its sink may see
 * three times what its source takes in (random-208) or a tenth; they are judged by what their sources
 * take in, which falls below the rate once the records due wait in the source (or in Kafka). Used by the saturation search and the report's saturation point.
 */
public enum KeepUpMeasure {
    /** The throughput at the sink is compared with the input rate. */
    SINK,
    /** The throughput at the source (records taken in) is compared with the input rate. */
    SOURCE;

    /** The queries whose sink sees far fewer tuples than their source takes in, by label. */
    private static final Set<String> AGGREGATING = Set.of("stats", "syn", "lr");

    /** The measure for the query labelled {@code query} ({@code etl}, {@code stats}, …) on any SPE. */
    public static KeepUpMeasure of(String query) {
        boolean generated = query.equals(RandomShape.NAME) || query.startsWith(RandomShape.NAME + "-");
        return AGGREGATING.contains(query) || generated ? SOURCE : SINK;
    }
}
