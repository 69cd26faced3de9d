package dev.lachesis.experiments.launch;

import dev.lachesis.experiments.launch.FlinkQuery;
import dev.lachesis.experiments.launch.StormQuery;
import dev.lachesis.experiments.launch.WaitStrategy;
import dev.lachesis.experiments.process.LachesisHome;
import java.time.Duration;

/** Picks the {@link QueryLauncher} for an SPE by name, for the sweep, the saturation search and the demo. */
public final class QueryLaunchers {
    /** The {@code --spe} that runs the query on Storm and Flink at once. */
    static final String STORM_AND_FLINK = "storm+flink";

    private QueryLaunchers() {
    }

    /**
     * The launcher of {@code query} on {@code spe} ({@code storm}, {@code storm1} for Storm 1.2.3, or {@code flink}).
     *
     * @param waitStrategy how Storm's idle executors wait; ignored for Flink
     * @param shapeSeed the seed of the random query's shape; ignored by the other queries
     * @throws IllegalArgumentException naming the unknown SPE, query or wait strategy
     */
    public static QueryLauncher of(String spe, String query, String waitStrategy, Duration readyTimeout,
                                   long shapeSeed) {
        return switch (spe) {
            case "storm" -> new StormLauncher(StormQuery.named(query), shapeSeed, WaitStrategy.named(waitStrategy),
                    readyTimeout);
            case "storm1" -> new Storm1Launcher(query, readyTimeout);
            case "flink" -> new FlinkLauncher(LachesisHome.root(), FlinkQuery.named(query), shapeSeed, SynQueries.ONE,
                    readyTimeout);
            default -> throw new IllegalArgumentException("--spe was '" + spe + "' but must be storm, storm1 or flink");
        };
    }

    /**
     * As {@link #of(String, String, String, Duration, long)}, running {@code syn} as {@code synQueries} say,
     * and also {@value #STORM_AND_FLINK}: the query on Storm and on Flink at once ({@link SpePairLauncher}).
     *
     * @throws IllegalArgumentException also when {@code synQueries} are not {@link SynQueries#ONE} for
     *         another query than Flink's {@code syn}
     */
    public static QueryLauncher of(String spe, String query, String waitStrategy, Duration readyTimeout, long shapeSeed,
                            SynQueries synQueries) {
        if (!synQueries.equals(SynQueries.ONE) && !(spe.equals("flink") && query.equals("syn"))) {
            throw new IllegalArgumentException("--queries and --blocking apply to --spe flink --query syn only");
        }
        return switch (spe) {
            case STORM_AND_FLINK -> new SpePairLauncher(of("storm", query, waitStrategy, readyTimeout, shapeSeed),
                    of("flink", query, waitStrategy, readyTimeout, shapeSeed));
            case "flink" -> new FlinkLauncher(LachesisHome.root(), FlinkQuery.named(query), shapeSeed, synQueries,
                    readyTimeout);
            case "storm", "storm1" -> of(spe, query, waitStrategy, readyTimeout, shapeSeed);
            default -> throw new IllegalArgumentException("--spe was '" + spe + "' but must be storm, storm1, flink or "
                    + STORM_AND_FLINK);
        };
    }
}
