package dev.lachesis.experiments.flink;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.experiments.flink.lr.LrJob;
import dev.lachesis.experiments.flink.stats.StatsJob;
import org.junit.jupiter.api.Test;

/**
 * The sweep's STATIC mode favours a job's heaviest operator by its name; a name that is not one of the
 * job's operators (whose task threads {@code FlinkStatsIT} and {@code FlinkLrIT} see by those names)
 * would favour no thread at all.
 */
class HeaviestOperatorTest {
    @Test
    void theHeaviestOperatorOfStatsAndLinearRoadIsOneOfTheirOperators() {
        assertThat(StatsJob.OPERATORS).contains(StatsJob.HEAVIEST);
        assertThat(LrJob.OPERATORS).contains(LrJob.HEAVIEST);
    }
}
