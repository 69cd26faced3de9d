package dev.lachesis.experiments.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class BlockAverageTest {
    @Test
    void givesEachFullBlocksMeanPerSeriesAndStartsTheNextBlockEmpty() {
        BlockAverage average = new BlockAverage(3);

        assertThat(average.add("s1/temperature", 1)).isNaN();
        assertThat(average.add("s2/temperature", 100)).isNaN();
        assertThat(average.add("s1/temperature", 2)).isNaN();
        assertThat(average.add("s1/temperature", 6)).isEqualTo(3.0);
        assertThat(average.add("s1/temperature", 10)).as("a new block").isNaN();
        assertThat(average.add("s1/temperature", 20)).isNaN();
        assertThat(average.add("s1/temperature", 30)).isEqualTo(20.0);
        assertThat(average.add("s2/temperature", 200)).isNaN();
        assertThat(average.add("s2/temperature", 300)).isEqualTo(200.0);
    }

    @Test
    void refusesAnEmptyBlock() {
        assertThatThrownBy(() -> new BlockAverage(0)).hasMessageContaining("at least one value, got 0");
    }
}
