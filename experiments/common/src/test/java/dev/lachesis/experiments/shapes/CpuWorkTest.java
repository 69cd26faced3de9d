package dev.lachesis.experiments.shapes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class CpuWorkTest {
    @Test
    void aDigestChainsItsRoundsAndDependsOnTheSeed() {
        long seed = 42;

        assertThat(CpuWork.digest(seed, 0)).isEqualTo(seed);
        assertThat(CpuWork.digest(seed, 3)).isEqualTo(CpuWork.mix(CpuWork.mix(CpuWork.mix(seed))));
        assertThat(CpuWork.digest(seed, 1000)).isEqualTo(CpuWork.digest(seed, 1000))
                .isNotEqualTo(CpuWork.digest(seed + 1, 1000));
        assertThat(CpuWork.spend(seed, 2)).isEqualTo(CpuWork.digest(seed, 2L * CpuWork.ROUNDS_PER_MICROSECOND));
        assertThatThrownBy(() -> CpuWork.digest(seed, -1)).hasMessage("rounds must not be negative, got -1");
    }

    @Test
    void percentilesSpreadEvenlyOverKeys() {
        int[] tens = new int[10];
        int keys = 100_000;
        for (long key = 0; key < keys; key++) {
            int p = CpuWork.percentile(CpuWork.mix(key), 7);
            assertThat(p).isBetween(0, 99);
            tens[p / 10]++;
        }

        for (int n : tens) {
            assertThat(n / (double) keys).isCloseTo(0.1, within(0.005));
        }
    }
}
