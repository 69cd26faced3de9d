package dev.lachesis.experiments.sweep;

import dev.lachesis.experiments.launch.FlinkQuery;
import dev.lachesis.experiments.launch.StormQuery;
import dev.lachesis.experiments.launch.WaitStrategy;
import dev.lachesis.experiments.process.LachesisHome;
import java.time.Duration;

/** Picks the {@link QueryLauncher} for an SPE by name, for the sweep, the saturation search and the demo. */
public final class QueryLaunchers {
    private QueryLaunchers() {
    }

    /**
     * The launcher of {@code query} on {@code spe} ({@code storm}, {@code storm1} for Storm 1.2.3, or {@code flink}).
     *
     * @param waitStrategy how Storm's idle executors wait; ignored for Flink
     * @throws IllegalArgumentException naming the unknown SPE, query or wait strategy
     */
    public static QueryLauncher of(String spe, String query, String waitStrategy, Duration readyTimeout) {
        return switch (spe) {
            case "storm" -> new StormLauncher(StormQuery.named(query), WaitStrategy.named(waitStrategy), readyTimeout);
            case "storm1" -> new Storm1Launcher(query, readyTimeout);
            case "flink" -> new FlinkLauncher(LachesisHome.root(), FlinkQuery.named(query), readyTimeout);
            default -> throw new IllegalArgumentException("--spe was '" + spe + "' but must be storm, storm1 or flink");
        };
    }
}
