package dev.lachesis.experiments.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class DistinctCounterTest {
    @Test
    void anItemSeenAgainLeavesTheEstimateAsItWas() {
        DistinctCounter counter = new DistinctCounter(10);
        double once = 0;
        for (int i = 0; i < 500; i++) {
            once = counter.add("sensor-" + i);
        }

        for (int i = 0; i < 500; i++) {
            assertThat(counter.add("sensor-" + i)).isEqualTo(once);
        }
    }

    @Test
    void estimatesManyDistinctItemsWithinLogLogsError() {
        // LogLog's standard error is 1.30 / sqrt(m): 4.1% with 1024 buckets; allow three of them.
        DistinctCounter counter = new DistinctCounter(10);
        for (int i = 0; i < 100_000; i++) {
            counter.add("sensor-" + i);
        }

        assertThat(counter.estimate()).isBetween(100_000 * (1 - 0.123), 100_000 * (1 + 0.123));
    }

    @Test
    void anEmptyCounterEstimatesAlphaTimesTheBuckets() {
        assertThat(new DistinctCounter(4).estimate()).isEqualTo(DistinctCounter.ALPHA * 16);
    }

    @Test
    void refusesBucketCountsOutsideTheSupportedRange() {
        assertThatThrownBy(() -> new DistinctCounter(3)).hasMessageContaining("4 to 16, got 3");
    }
}
