package dev.lachesis.experiments.storm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.experiments.launch.StormQuery;
import dev.lachesis.experiments.mode.HandSetPriority;
import dev.lachesis.experiments.storm.etl.EtlTopology;
import dev.lachesis.experiments.storm.lr.LrTopology;
import dev.lachesis.experiments.storm.shapes.ChainTopology;
import dev.lachesis.experiments.storm.shapes.FanoutTopology;
import dev.lachesis.experiments.storm.stats.StatsTopology;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.apache.storm.generated.StormTopology;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The harness names the queries and their hand-set priorities without Storm on its class path
 * ({@link StormQuery}); these tests hold it to the topologies the Storm child builds.
 */
class ExampleQueryTest {
    @TempDir
    Path dir;

    @Test
    void everyQueryTheHarnessNamesHasATopology() {
        for (StormQuery query : StormQuery.values()) {
            StormTopology topology = ExampleQuery.of(query).build(inputs());

            assertThat(components(topology)).as(query.label()).contains("source", "sink");
        }
    }

    @Test
    void theHandSetPriorityFavoursTheOperatorEachTopologyMeasuredHeaviest() {
        Map<StormQuery, String> heaviest = Map.of(StormQuery.ETL, EtlTopology.HEAVIEST,
                StormQuery.STATS, StatsTopology.HEAVIEST, StormQuery.FANOUT, FanoutTopology.HEAVIEST, StormQuery.CHAIN,
                ChainTopology.HEAVIEST, StormQuery.LR, LrTopology.HEAVIEST);

        heaviest.forEach((query, operator) -> {
            HandSetPriority handSet = query.handSetPriority().orElseThrow();
            assertThat(handSet.heaviestOperator()).as(query.label()).isEqualTo(operator);
            assertThat(components(ExampleQuery.of(query).build(inputs())))
                    .as(query.label()).contains(handSet.heaviestOperator(), handSet.sourceOperator());
        });
        assertThat(StormQuery.PIPELINE.handSetPriority()).isEmpty();
        assertThat(StormQuery.RANDOM.handSetPriority()).isEmpty();
    }

    private QueryInputs inputs() {
        return new QueryInputs(100, 10, dir.resolve("input.senml"), "127.0.0.1:9092", "position-reports", 7);
    }

    private static Set<String> components(StormTopology topology) {
        Set<String> names = new HashSet<>(topology.get_spouts().keySet());
        names.addAll(topology.get_bolts().keySet());
        return names;
    }
}
