package dev.lachesis.translators;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CpuListTest {
    @Test
    void readsSingleCpusAndRangesAsProcStatusWritesThem() {
        assertThat(CpuList.parse("0")).containsExactly(0);
        assertThat(CpuList.parse("0-3,8,10-11\n")).containsExactly(0, 1, 2, 3, 8, 10, 11);
    }

    @Test
    void skipsWhatIsNoCpuListAndKeepsTheRest() {
        assertThat(CpuList.parse("")).isEmpty();
        assertThat(CpuList.parse("x,2,5-3,7-")).containsExactly(2);
    }
}
