package dev.lachesis.policies;

import static dev.lachesis.policies.TestSpe.priorities;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import dev.lachesis.core.model.ThreadKind;
import dev.lachesis.core.spi.PolicyInput;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConstantPolicyTest {
    private final ConstantPolicy constant = new ConstantPolicy("pin", new ConstantPolicy.Settings(50.0));

    @Test
    void everyThreadOfEveryQueryGetsTheValueButSystemThreadsAreLeftAlone() {
        TestSpe spe = WorkedExamples.diamond()
                .helper("Flink Netty Server", ThreadKind.NETWORK, "diamond", null, "netty@4242")
                .helper("metrics-reporter", ThreadKind.SYSTEM, "diamond", null, "metrics");

        assertThat(priorities(constant.schedule(spe.input(constant)))).containsExactly(
                entry("S#0-main", 50.0), entry("A#0-main", 50.0), entry("B#0-main", 50.0),
                entry("K#0-main", 50.0), entry("Flink Netty Server", 50.0));
        assertThat(TestSpe.entry(constant.schedule(spe.input(constant)), "A#0-main").metrics())
                .isEqualTo(Map.of(ConstantPolicy.VALUE, 50.0));
    }

    @Test
    void emptyInputAndSingleThread() {
        TestSpe single = new TestSpe().query("q", List.of("A")).operator("A#0", "q", "A").main("A#0");

        assertThat(constant.schedule(new PolicyInput(TestSpe.NOW, List.of())).threads()).isEmpty();
        assertThat(priorities(constant.schedule(single.input(constant)))).containsExactly(entry("A#0-main", 50.0));
        assertThat(constant.schedule(single.input(constant)).goal()).isEmpty();
        assertThat(constant).hasToString("constant{value=50.0}");
    }
}
