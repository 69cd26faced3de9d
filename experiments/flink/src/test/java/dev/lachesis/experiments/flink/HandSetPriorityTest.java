package dev.lachesis.experiments.flink;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.experiments.flink.etl.EtlJob;
import dev.lachesis.experiments.flink.lr.LrJob;
import dev.lachesis.experiments.flink.shapes.ChainJob;
import dev.lachesis.experiments.flink.shapes.FanoutJob;
import dev.lachesis.experiments.flink.stats.StatsJob;
import dev.lachesis.experiments.launch.FlinkQuery;
import dev.lachesis.experiments.mode.HandSetPriority;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The sweep's STATIC mode favours a job's heaviest operator and its source by the names
 * {@link FlinkQuery} gives the harness, which has no Flink job on its class path; a name that is not
 * the one the job measured, or not one of its operators (whose task threads the Flink ITs see by those
 * names), would favour another thread or none.
 */
class HandSetPriorityTest {
    @Test
    void theHarnessFavoursTheOperatorEachJobMeasuredHeaviestThenItsSource() {
        Map<String, String> heaviest = Map.of("etl", EtlJob.HEAVIEST, "stats", StatsJob.HEAVIEST, "lr", LrJob.HEAVIEST,
                "fanout", FanoutJob.HEAVIEST, "chain", ChainJob.HEAVIEST);

        heaviest.forEach((query, operator) -> assertThat(FlinkQuery.handSetPriority(query)).as(query)
                .contains(new HandSetPriority(operator, FlinkQuery.SOURCE_VERTEX)));
        Map.of("etl", EtlJob.OPERATORS, "stats", StatsJob.OPERATORS, "lr", LrJob.OPERATORS).forEach((query, operators) ->
                assertThat(operators).as(query).contains(heaviest.get(query), "source"));
        assertThat(List.of("pipeline", "syn")).allSatisfy(query -> assertThat(FlinkQuery.handSetPriority(query)).as(query).isEmpty());
    }
}
