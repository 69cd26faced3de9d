package dev.lachesis.experiments.launch;

import dev.lachesis.experiments.mode.HandSetPriority;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The example queries experiments/flink runs, the program that runs them and the priority a user
 * would set by hand for each, named here so that the harness, which carries no Flink, can start them
 * in a child JVM with the Flink build's class path ({@link SpeBuild#flink}). The jobs themselves say
 * how each heaviest operator was measured ({@code EtlJob.HEAVIEST} and the like in experiments/flink,
 * whose tests check that the names below are those).
 */
public final class FlinkQuery {
    /** The main class of experiments/flink that runs a query on a MiniCluster in a child JVM of its own. */
    public static final String LAUNCHER = "dev.lachesis.experiments.flink.FlinkQueryLauncher";
    /** How the launcher's line {@code flink pid=<pid> rest-port=<port> job=<id>}, once the job runs, starts. */
    public static final String READY = "flink pid=";
    /** The queries it runs. */
    public static final List<String> QUERIES = List.of("pipeline", "etl", "stats", "fanout", "chain", "random", "syn", "lr");
    /** The vertex Flink makes of a job's source operator {@code source}, which a hand-set priority favours second. */
    public static final String SOURCE_VERTEX = "Source: source";
    /**
     * The heaviest operator of each query that measured one; SYN and pipeline did not, and a random
     * shape's is measured in each sitting.
     */
    private static final Map<String, String> HEAVIEST = Map.of("etl", "bloom-filter", "stats", "plot", "lr", "dispatcher",
            "fanout", "heavy", "chain", "heavy");

    private FlinkQuery() {
    }

    /**
     * {@code query} when Flink runs it.
     *
     * @throws IllegalArgumentException naming the queries it runs otherwise
     */
    public static String named(String query) {
        if (!QUERIES.contains(query)) {
            throw new IllegalArgumentException("--query was '" + query + "' but Flink runs " + String.join(", ", QUERIES));
        }
        return query;
    }

    /**
     * The priority a user would set by hand for {@code query}, its heaviest operator first and its
     * source next (the sweep's STATIC mode); empty for a query that measured no heaviest operator.
     */
    public static Optional<HandSetPriority> handSetPriority(String query) {
        return Optional.ofNullable(HEAVIEST.get(query)).map(heaviest -> new HandSetPriority(heaviest, SOURCE_VERTEX));
    }
}
