package dev.lachesis.experiments.etl;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BloomFilterTest {
    @Test
    void isSizedByTheTextbookOptimum() {
        BloomFilter filter = new BloomFilter(1_000, 0.01);

        assertThat(filter.sizeBits()).isEqualTo(9_586);
        assertThat(filter.hashCount()).isEqualTo(7);
    }

    @Test
    void containsEveryKeyAddedAndFewOthersAtItsExpectedCount() {
        BloomFilter filter = new BloomFilter(10_000, 0.01);
        for (int i = 0; i < 10_000; i++) {
            filter.add("m" + i + "/temperature");
        }
        int falsePositives = 0;
        for (int i = 0; i < 10_000; i++) {
            assertThat(filter.mightContain("m" + i + "/temperature")).isTrue();
            falsePositives += filter.mightContain("m" + i + "/humidity") ? 1 : 0;
        }

        assertThat(falsePositives).isBetween(1, 200);
    }
}
