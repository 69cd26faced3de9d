package dev.lachesis.server.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class CarbonLineTest {
    @Test
    void readsWhatTheReportersSend() {
        assertThat(CarbonLine.parse("storm.worker.topo-1.host.split.3.6700-receive-queue-population 42 1795433397"))
                .isEqualTo(new CarbonLine("storm.worker.topo-1.host.split.3.6700-receive-queue-population", 42, 1795433397));
        assertThat(CarbonLine.parse("  a.b  -1.5e2\t1795433397.9 ")).isEqualTo(new CarbonLine("a.b", -150, 1795433397));
        assertThat(CarbonLine.parse("a.b nan 10").value()).isNaN();
        assertThat(CarbonLine.parse("a.b inf 10").value()).isInfinite();
    }

    @Test
    void saysWhatIsWrong() {
        assertThatThrownBy(() -> CarbonLine.parse("a.b 1")).hasMessage("expected 'path value timestamp'");
        assertThatThrownBy(() -> CarbonLine.parse("a.b 1 2 3")).hasMessage("expected 'path value timestamp'");
        assertThatThrownBy(() -> CarbonLine.parse("a.b one 2")).hasMessage("value 'one' is not a number");
        assertThatThrownBy(() -> CarbonLine.parse("a.b 1d 2")).hasMessage("value '1d' is not a number");
        assertThatThrownBy(() -> CarbonLine.parse("a.b 1 -5")).hasMessage("timestamp '-5' is not seconds since the epoch");
    }
}
