package dev.lachesis.experiments.mode;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class HandSetPriorityTest {
    @Test
    void measuredFavoursTheOperatorThatTookTheMostCpuThenTheSource() {
        // random-3 on Storm under the kernel alone: op3 and op4 take a quarter of the core each
        Map<String, Double> shares = Map.of("source", 0.032, "op3", 0.265, "op4", 0.2651, "op5", 0.057,
                "sink", Double.NaN);

        assertThat(HandSetPriority.measured(shares, "source")).contains(new HandSetPriority("op4", "source"));
    }

    @Test
    void nothingMeasuredNothingToFavour() {
        assertThat(HandSetPriority.measured(Map.of("op1", Double.NaN), "source")).isEmpty();
        assertThat(HandSetPriority.measured(Map.of(), "Source: source")).isEmpty();
    }

    @Test
    void theYamlQuotesFlinksSourceName() {
        assertThat(new HandSetPriority("op2", "Source: source").policyYaml())
                .contains("priorities: {\"op2\": 2, \"Source: source\": 1}")
                .contains("translator-settings: {highest: -20, lowest: 0}");
    }
}
