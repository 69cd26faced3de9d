package dev.lachesis.experiments.storm.stats;

import dev.lachesis.experiments.launch.StormQuery;
import dev.lachesis.experiments.storm.StormQueryCheck;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The STATS query on a real Storm 2.8 {@code LocalCluster} in a child JVM ({@link StormQueryCheck}):
 * records replayed by the file spout become charts at the sink through all ten operators, and the
 * Storm driver maps every operator's executor and the query's data flow (three statistics branches
 * joining at the accumulator) and reads the spout's {@code source-queue-size}.
 */
class StatsQueryIT {
    @Test
    void chartsReachTheSinkAndTheDriverMapsAllTenOperators() throws Exception {
        // About one chart per three records: 20 points a chart, six points per record.
        StormQueryCheck.runAndCheck(StormQuery.STATS, "lachesis-it-stats", Map.of("source", Set.of("parse"),
                "parse", Set.of("average", "kalman-filter", "distinct-count"), "average", Set.of("accumulate"),
                "kalman-filter", Set.of("regression"), "regression", Set.of("accumulate"),
                "distinct-count", Set.of("accumulate"), "accumulate", Set.of("plot"), "plot", Set.of("publish", "sink"),
                "publish", Set.of(), "sink", Set.of()), StatsTopology.COMPONENTS, 30);
    }
}
