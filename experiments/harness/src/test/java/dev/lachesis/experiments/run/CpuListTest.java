package dev.lachesis.experiments.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class CpuListTest {
    @Test
    void readsTheKernelsListForm() {
        assertThat(CpuList.parse("0-1\n").toString()).isEqualTo("0,1");
        assertThat(CpuList.parse("0,2-3").size()).isEqualTo(3);
        assertThat(CpuList.parse("0-3").minus(CpuList.parse("0"))).map(CpuList::toString).contains("1,2,3");
        assertThat(CpuList.parse("0").minus(CpuList.parse("0"))).isEmpty();
        assertThat(CpuList.parse("0-1").overlaps(CpuList.parse("1,3"))).isTrue();
    }

    @Test
    void badListsAreNamed() {
        assertThatThrownBy(() -> CpuList.parse("one")).hasMessage("'one' is not a CPU list such as 0 or 1-3");
        assertThatThrownBy(() -> CpuList.parse("3-1")).hasMessage("'3-1' has a bad range '3-1'");
    }
}
