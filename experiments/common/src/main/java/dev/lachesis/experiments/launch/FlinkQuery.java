package dev.lachesis.experiments.launch;

import java.util.List;

/**
 * The example queries experiments/flink runs and the program that runs them, named here so that
 * the harness, which carries no Flink, can start them in a child JVM with the Flink build's class
 * path ({@link SpeBuild#flink}).
 */
public final class FlinkQuery {
    /** The main class of experiments/flink that runs a query on a MiniCluster in a child JVM of its own. */
    public static final String LAUNCHER = "dev.lachesis.experiments.flink.FlinkQueryLauncher";
    /** How the launcher's line {@code flink pid=<pid> rest-port=<port> job=<id>}, once the job runs, starts. */
    public static final String READY = "flink pid=";
    /** The queries it runs. */
    public static final List<String> QUERIES = List.of("pipeline", "etl", "stats", "fanout", "chain", "syn", "lr");

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
}
