package dev.lachesis.experiments.storm.etl;

import dev.lachesis.experiments.launch.StormQuery;
import dev.lachesis.experiments.storm.StormQueryCheck;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The ETL query on a real Storm 2.8 {@code LocalCluster} in a child JVM ({@link StormQueryCheck}):
 * records replayed by the file spout reach the sink through all ten operators, and the Storm driver
 * maps every operator's executor and the query's data flow and reads the spout's
 * {@code source-queue-size}.
 */
class EtlQueryIT {
    @Test
    void recordsReachTheSinkAndTheDriverMapsAllTenOperators() throws Exception {
        StormQueryCheck.runAndCheck(StormQuery.ETL, "lachesis-it-etl", Map.of("source", Set.of("parse"),
                "parse", Set.of("range-filter"), "range-filter", Set.of("bloom-filter"),
                "bloom-filter", Set.of("interpolation"), "interpolation", Set.of("join"), "join", Set.of("annotate"),
                "annotate", Set.of("csv-to-senml"), "csv-to-senml", Set.of("publish", "sink"), "publish", Set.of(),
                "sink", Set.of()), EtlTopology.COMPONENTS, 100);
    }
}
