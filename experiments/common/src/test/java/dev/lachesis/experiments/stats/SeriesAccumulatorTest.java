package dev.lachesis.experiments.stats;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.experiments.stats.SeriesAccumulator.Point;
import java.util.List;
import org.junit.jupiter.api.Test;

class SeriesAccumulatorTest {
    @Test
    void handsOnEachSeriesBatchOnceFullInArrivalOrder() {
        SeriesAccumulator accumulator = new SeriesAccumulator(2);

        assertThat(accumulator.add("average/s1/light", 1_000, 5)).isEmpty();
        assertThat(accumulator.add("average/s2/light", 1_000, 7)).isEmpty();
        assertThat(accumulator.add("average/s1/light", 2_000, 6))
                .containsExactly(new Point(1_000, 5), new Point(2_000, 6));
        assertThat(accumulator.add("average/s1/light", 3_000, 8)).as("the next batch starts empty").isEmpty();
        assertThat(accumulator.add("average/s2/light", 2_000, 9)).isEqualTo(List.of(new Point(1_000, 7),
                new Point(2_000, 9)));
    }
}
